import { useEffect, useState } from 'react';
import SearchBar from 'antd-mobile/es/components/search-bar';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { FAQ_SEARCH_PLACEHOLDER, FAQ_TITLE, FEEDBACK_LOGIN_HINT } from '@app/contract/messages/help-center.ts';
import { ROUTES } from '../../../shared/config/route-paths.ts';
import { useSession } from '../../../shared/session/session.ts';
import { LoginButton } from '../../../shared/ui/login-button.tsx';
import { NavBar } from '../../../shared/ui/nav-bar.tsx';
import { ServerErrorRetry } from '../../../shared/ui/server-error-retry.tsx';
import { useUserQuestions } from '../api/user-question-query.ts';
import { FaqList } from '../components/faq-list.tsx';
import { FeedbackForm } from '../components/feedback-form.tsx';
import { MyQuestions } from '../components/my-questions.tsx';
import './question-page.css';

/** Typing pauses this long before the FAQ is searched. */
const SEARCH_DEBOUNCE_MS = 300;

/** 常見問題與意見回饋: the FAQ (public), and for a logged-in user, feedback and its answers. */
export default function QuestionPage() {
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const { loggedIn } = useSession();
  const questions = useUserQuestions(keyword);

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  return (
    <div className="page question-page">
      <NavBar title={FAQ_TITLE} />
      <main className="page-body">
        <SearchBar
          placeholder={FAQ_SEARCH_PLACEHOLDER}
          value={typed}
          onChange={setTyped}
          onSearch={(value) => setKeyword(value.trim())}
          onClear={() => setKeyword('')}
        />
        {questions.isPending ? <Skeleton.Paragraph lineCount={6} animated /> : null}
        {questions.isError ? <ServerErrorRetry onRetry={() => void questions.refetch()} /> : null}
        {questions.data ? <FaqList faq={questions.data.faq} /> : null}
        {loggedIn ? (
          <>
            <FeedbackForm />
            <MyQuestions items={questions.data?.mine ?? []} />
          </>
        ) : (
          <section className="feedback-login">
            <p>{FEEDBACK_LOGIN_HINT}</p>
            <LoginButton returnTo={ROUTES.question} />
          </section>
        )}
      </main>
    </div>
  );
}
