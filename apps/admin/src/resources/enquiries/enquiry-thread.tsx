import { ATTACHMENT_MAX_BYTES, MESSAGE_MAX, type EnquiryMessage } from '@storefront/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton } from '../../components/form.tsx';
import { ErrorAlert, Loading, Section, TextField } from '../../components/ui.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatMegabytes, useFormat } from '../../lib/format.ts';
import { attachmentUrl, useReply, useThread } from './thread-api.ts';

/** The request errors that concern the file: shown at the file's field, not above the form. */
const ATTACHMENT_CODES = ['attachment_invalid', 'attachment_too_large'] as const;
/** What the file picker offers (the server decides by the bytes; this only narrows the picker). */
const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf';

function attachmentCodeOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const code = error.code ?? null;
  if (code && (ATTACHMENT_CODES as readonly string[]).includes(code)) return code;
  // A server that names the field (validation) rather than the request.
  const codes = error.fields.attachment;
  return codes?.length ? codes[0]! : null;
}

function Message({ enquiryId, message }: { enquiryId: number; message: EnquiryMessage }) {
  const { t } = useTranslation();
  const f = useFormat();
  const staff = message.author === 'staff';
  return (
    <li
      className={`rounded border p-3 ${staff ? 'ms-6 border-sky-200 bg-sky-50' : 'me-6 border-slate-300 bg-white'}`}
    >
      <p className="text-sm text-slate-800">
        <span className="font-medium">{staff ? t('thread.staff') : t('thread.visitor')}</span>
        {staff && message.author_name ? (
          <>
            {' · '}
            <span dir="auto">{message.author_name}</span>
          </>
        ) : null}
        {' · '}
        <time dateTime={message.at}>{f.date(message.at)}</time>
      </p>
      {message.body ? (
        <p dir="auto" className="mt-1 whitespace-pre-wrap">
          {message.body}
        </p>
      ) : null}
      {message.attachment ? (
        <p className="mt-1">
          <a
            href={attachmentUrl(enquiryId, message.attachment.id)}
            download={message.attachment.name}
            className="text-sky-900 underline"
          >
            <span dir="auto">{message.attachment.name}</span>
          </a>{' '}
          <span className="text-sm text-slate-800">
            ({t(`thread.types.${message.attachment.type}`)},{' '}
            {formatMegabytes(message.attachment.size, f.language)})
          </span>
        </p>
      ) : null}
    </li>
  );
}

function ReplyForm({ enquiryId }: { enquiryId: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const fileId = useId();
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const reply = useReply(enquiryId, setProgress);
  const tooLong = body.length > MESSAGE_MAX;
  // Checked before sending (the size); the server checks the bytes again and answers the type.
  const fileTooLarge = file !== null && file.size > ATTACHMENT_MAX_BYTES;
  const serverFileCode = attachmentCodeOf(reply.error);
  const fileCodes = fileTooLarge ? ['attachment_too_large'] : serverFileCode ? [serverFileCode] : [];
  const changed = () => {
    if (reply.isSuccess || reply.error) reply.reset();
  };
  return (
    <Form
      save={reply}
      // The file's errors are said at the file; everything else above the button.
      error={serverFileCode ? null : reply.error}
      saved={t('thread.sent')}
      className="mt-4"
      onSubmit={() => {
        if (!body.trim() || tooLong || fileTooLarge) return;
        setProgress(null);
        reply.mutate(
          { body, attachment: file },
          {
            onSuccess: () => {
              setBody('');
              setFile(null);
              if (fileInput.current) fileInput.current.value = '';
            },
            onSettled: () => setProgress(null),
          },
        );
      }}
    >
      <TextField
        label={t('thread.reply')}
        multiline
        rows={4}
        dir="auto"
        value={body}
        onChange={(value) => {
          setBody(value);
          changed();
        }}
        path="body"
        errors={tooLong ? ['too_long'] : []}
      />
      <div className="mt-3">
        <label htmlFor={fileId} className="mb-1 block text-sm font-medium">
          {t('thread.attachment')}
        </label>
        <input
          ref={fileInput}
          id={fileId}
          type="file"
          accept={ACCEPT}
          className="block text-sm"
          aria-invalid={fileCodes.length > 0 ? true : undefined}
          aria-describedby={`${fileId}-hint${fileCodes.length ? ` ${fileId}-error` : ''}`}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            changed();
          }}
        />
        <p id={`${fileId}-hint`} className="mt-1 text-sm text-slate-700">
          {t('thread.attachmentHint', { size: formatMegabytes(ATTACHMENT_MAX_BYTES, f.language) })}
        </p>
        {fileCodes.length ? (
          <p id={`${fileId}-error`} className="mt-1 text-sm font-medium text-red-800">
            {fileCodes.map((code) => t(`errors.request.${code}`)).join(' ')}
          </p>
        ) : null}
      </div>
      {progress !== null && reply.isPending ? (
        <progress className="mt-2 block w-full" max={1} value={progress} aria-label={t('thread.uploading')} />
      ) : null}
      <SubmitButton className="mt-3" disabled={!body.trim() || tooLong || fileTooLarge}>
        {t('thread.send')}
      </SubmitButton>
    </Form>
  );
}

/** An enquiry's conversation with the visitor: the messages oldest first, and staff's reply. */
export function EnquiryThread({ enquiryId }: { enquiryId: number }) {
  const { t } = useTranslation();
  const thread = useThread(enquiryId);
  const messages = thread.data;
  return (
    <Section title={t('thread.title')}>
      {thread.isPending ? <Loading /> : null}
      <ErrorAlert error={thread.error} />
      {messages ? (
        messages.length === 0 ? (
          <p className="text-slate-800">{t('thread.empty')}</p>
        ) : (
          <ol className="space-y-3" aria-label={t('thread.messages')}>
            {messages.map((message) => (
              <Message key={message.id} enquiryId={enquiryId} message={message} />
            ))}
          </ol>
        )
      ) : null}
      <ReplyForm enquiryId={enquiryId} />
    </Section>
  );
}
