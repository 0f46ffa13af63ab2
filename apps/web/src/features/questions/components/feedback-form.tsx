import { useState, type FormEvent } from 'react';
import Button from 'antd-mobile/es/components/button';
import ImageUploader, { type ImageUploadItem } from 'antd-mobile/es/components/image-uploader';
import Selector from 'antd-mobile/es/components/selector';
import TextArea from 'antd-mobile/es/components/text-area';
import { SUBMIT } from '@app/contract/messages/app-shell.ts';
import {
  FEEDBACK_FORM_TITLE,
  FEEDBACK_KIND_FEEDBACK,
  FEEDBACK_KIND_QUESTION,
  FEEDBACK_PLACEHOLDER,
  FEEDBACK_SCREENSHOT,
  FEEDBACK_SENT,
  FEEDBACK_TOO_SHORT,
} from '@app/contract/messages/help-center.ts';
import { showRequestError } from '../../../shared/api/request.ts';
import { UploadBlockedError } from '../../../shared/files/upload-files.ts';
import { toastSuccess } from '../../../shared/ui/feedback.ts';
import { FormError } from '../../../shared/ui/form-fields.tsx';
import { uploadScreenshot } from '../api/upload-screenshot.ts';
import { useSaveUserQuestion } from '../api/user-question-save.ts';

type Kind = 'question' | 'feedback';
const MIN_LENGTH = 5;
const MAX_LENGTH = 1000;

/**
 * A question or feedback with an optional screenshot. The uploaded image is served only
 * to its owner with the session header, so the preview shows the local file instead.
 */
export function FeedbackForm() {
  const [kind, setKind] = useState<Kind>('question');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [error, setError] = useState<string>();
  const save = useSaveUserQuestion();

  async function upload(file: File): Promise<ImageUploadItem> {
    try {
      const uploaded = await uploadScreenshot(file);
      return { key: uploaded.key, url: URL.createObjectURL(file), extra: uploaded.key };
    } catch (failure) {
      // Too large: the upload helper already said so.
      if (!(failure instanceof UploadBlockedError)) showRequestError(failure);
      throw failure;
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (content.trim().length < MIN_LENGTH) return setError(FEEDBACK_TOO_SHORT);
    setError(undefined);
    const imageKey = images.find((item) => typeof item.extra === 'string')?.extra as string | undefined;
    try {
      await save.mutateAsync({ kind, content: content.trim(), ...(imageKey ? { imageKey } : {}) });
      toastSuccess(FEEDBACK_SENT);
      setContent('');
      images.forEach((item) => URL.revokeObjectURL(item.url));
      setImages([]);
    } catch {
      // The query client shows the server's refusal (app/query-client.ts).
    }
  }

  return (
    <form className="feedback-form" onSubmit={(event) => void onSubmit(event)} noValidate aria-label={FEEDBACK_FORM_TITLE}>
      <h3 className="feedback-title">{FEEDBACK_FORM_TITLE}</h3>
      <Selector<Kind>
        columns={2}
        value={[kind]}
        onChange={(value) => setKind(value[0] ?? kind)}
        options={[
          { label: FEEDBACK_KIND_QUESTION, value: 'question' },
          { label: FEEDBACK_KIND_FEEDBACK, value: 'feedback' },
        ]}
      />
      <TextArea
        className="feedback-text"
        placeholder={FEEDBACK_PLACEHOLDER}
        rows={4}
        maxLength={MAX_LENGTH}
        showCount
        value={content}
        onChange={(value) => {
          setContent(value);
          setError(undefined);
        }}
      />
      <div className="feedback-screenshot">
        <span>{FEEDBACK_SCREENSHOT}</span>
        <ImageUploader
          value={images}
          onChange={setImages}
          upload={upload}
          onDelete={(item) => URL.revokeObjectURL(item.url)}
          maxCount={1}
          accept="image/jpeg,image/png,image/webp,image/gif"
        />
      </div>
      <FormError message={error} />
      <Button block type="submit" color="primary" shape="rounded" loading={save.isPending}>
        {SUBMIT}
      </Button>
    </form>
  );
}
