import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import Button from 'antd-mobile/es/components/button';
import SearchBar from 'antd-mobile/es/components/search-bar';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { ME_LOGIN_BUTTON } from '@app/contract/messages/accounts.ts';
import { RETRY } from '@app/contract/messages/app-shell.ts';
import { FAQ_SEARCH_PLACEHOLDER, FAQ_TITLE, FEEDBACK_LOGIN_HINT } from '@app/contract/messages/help-center.ts';
import { SERVER_ERROR } from '@app/contract/messages/request-errors.ts';
import { hasToken } from '../../../shared/store/local-store.ts';
import { NavBar } from '../../../shared/ui/nav-bar.tsx';
import { useUserQuestions } from '../api/user-question-query.ts';
import { FaqList } from '../components/faq-list.tsx';
import { FeedbackForm } from '../components/feedback-form.tsx';
import { MyQuestions } from '../components/my-questions.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import './question-page.css';

export const QUESTION_PATH = '/pages/me/question';
/** Typing pauses this long before the FAQ is searched. */
const SEARCH_DEBOUNCE_MS = 300;

/** 常見問題與意見回饋: the FAQ (public), and for a logged-in user, feedback and its answers. */
export default function QuestionPage() {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const loggedIn = hasToken();
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
        {questions.isError ? (
          <EmptyState title={SERVER_ERROR}>
            <Button size="small" color="primary" onClick={() => void questions.refetch()}>
              {RETRY}
            </Button>
          </EmptyState>
        ) : null}
        {questions.data ? <FaqList faq={questions.data.faq} /> : null}
        {loggedIn ? (
          <>
            <FeedbackForm />
            <MyQuestions items={questions.data?.mine ?? []} />
          </>
        ) : (
          <section className="feedback-login">
            <p>{FEEDBACK_LOGIN_HINT}</p>
            <Button
              color="primary"
              shape="rounded"
              onClick={() => navigate(`/pages/login/index?redirect=${encodeURIComponent(QUESTION_PATH)}`)}
            >
              {ME_LOGIN_BUTTON}
            </Button>
          </section>
        )}
      </main>
    </div>
  );
}
