import type { TranslatedText } from '@storefront/contracts/catalogue';
import { Extension } from '@tiptap/core';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMissingEn, LANGUAGES, NotTranslatedBadge, setLanguageText } from './fields.tsx';
import { Button, FieldErrorText, Modal, TextField, useFieldErrors } from './ui.tsx';

/**
 * Paragraphs and headings get dir="auto": a Persian line reads right to left, an English one left to
 * right, whichever editor it is in. Lists and tables keep the editor's direction (a list item whose
 * own dir were "auto" would skip its paragraph's text and resolve to left to right).
 */
export const AutoDirection = Extension.create({
  name: 'autoDirection',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading'],
        attributes: {
          dir: {
            default: 'auto',
            parseHTML: (element) => element.getAttribute('dir') ?? 'auto',
            renderHTML: (attributes) => ({ dir: (attributes.dir as string | null) ?? 'auto' }),
          },
        },
      },
    ];
  },
});

/** An empty editor's HTML, stored as an empty text. */
function normalise(html: string) {
  return html === '<p></p>' || html === '<p dir="auto"></p>' ? '' : html;
}

function ToolButton({
  label,
  active,
  onClick,
  disabled,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={`rounded border px-2 py-1 text-sm disabled:text-slate-600 ${active ? 'border-sky-800 bg-sky-100 text-sky-950' : 'border-slate-400 bg-white text-slate-900 hover:bg-slate-100'}`}
    >
      {label}
    </button>
  );
}

type Chain = ReturnType<ReturnType<Editor['chain']>['focus']>;

/** The toolbar's on/off buttons: the state each shows and the command each runs. */
const MARKS = [
  { key: 'bold', label: 'editor.bold', toggle: (c: Chain) => c.toggleBold() },
  { key: 'italic', label: 'editor.italic', toggle: (c: Chain) => c.toggleItalic() },
  { key: 'h2', label: 'editor.heading2', toggle: (c: Chain) => c.toggleHeading({ level: 2 }) },
  { key: 'h3', label: 'editor.heading3', toggle: (c: Chain) => c.toggleHeading({ level: 3 }) },
  { key: 'bullet', label: 'editor.bulletList', toggle: (c: Chain) => c.toggleBulletList() },
  { key: 'ordered', label: 'editor.orderedList', toggle: (c: Chain) => c.toggleOrderedList() },
] as const;

/** The table's commands, shown while the cursor is in a table. */
const TABLE_COMMANDS = [
  { label: 'editor.addRow', run: (c: Chain) => c.addRowAfter() },
  { label: 'editor.addColumn', run: (c: Chain) => c.addColumnAfter() },
  { label: 'editor.deleteRow', run: (c: Chain) => c.deleteRow() },
  { label: 'editor.deleteColumn', run: (c: Chain) => c.deleteColumn() },
  { label: 'editor.deleteTable', run: (c: Chain) => c.deleteTable() },
] as const;

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const { t } = useTranslation();
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      table: e.isActive('table'),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div
      role="toolbar"
      aria-label={t('editor.toolbar', { label })}
      className="flex flex-wrap gap-1 border-b border-slate-300 bg-slate-50 p-1"
    >
      {MARKS.map((mark) => (
        <ToolButton
          key={mark.key}
          label={t(mark.label)}
          active={state[mark.key]}
          onClick={() => mark.toggle(chain()).run()}
        />
      ))}
      <ToolButton
        label={t('editor.link')}
        active={state.link}
        onClick={() => {
          setHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
          setLinkOpen(true);
        }}
      />
      <ToolButton
        label={t('editor.insertTable')}
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      />
      {state.table ? (
        <>
          {TABLE_COMMANDS.map((command) => (
            <ToolButton
              key={command.label}
              label={t(command.label)}
              onClick={() => command.run(chain()).run()}
            />
          ))}
        </>
      ) : null}
      <Modal open={linkOpen} onOpenChange={setLinkOpen} title={t('editor.link')}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const url = href.trim();
            if (url === '' || url === 'https://') chain().extendMarkRange('link').unsetLink().run();
            else if (/^(https?:\/\/|mailto:|tel:|\/)/i.test(url))
              chain().extendMarkRange('link').setLink({ href: url }).run();
            setLinkOpen(false);
          }}
        >
          <TextField label={t('editor.linkUrl')} value={href} onChange={setHref} dir="ltr" type="url" />
          <div className="mt-4 flex justify-end gap-2">
            <Button
              onClick={() => {
                chain().extendMarkRange('link').unsetLink().run();
                setLinkOpen(false);
              }}
            >
              {t('editor.removeLink')}
            </Button>
            <Button type="submit" variant="primary">
              {t('common.apply')}
            </Button>
          </div>
        </form>
      </Modal>
    </div>
  );
}

/** One HTML text edited with TipTap (headings, lists, bold, italic, links, tables); no raw HTML. */
export function RichTextEditor({
  label,
  value,
  onChange,
  lang,
  errorCodes = [],
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  lang: 'fa' | 'en';
  errorCodes?: readonly string[];
}) {
  const id = useId();
  const dir = lang === 'fa' ? 'rtl' : 'ltr';
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'] },
      }),
      Table.configure({ resizable: false }),
      TableRow,
      TableHeader,
      TableCell,
      AutoDirection,
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(errorCodes.length ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
        dir,
        lang,
      },
    },
    onUpdate: ({ editor: e }) => onChange(normalise(e.getHTML())),
  });
  // Content replaced from outside (loading the other person's version): show it.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (normalise(editor.getHTML()) !== value) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  return (
    <div>
      <span id={`${id}-label`} className="mb-1 block text-sm font-medium">
        {label}
      </span>
      <div className="rich-text rounded border border-slate-500 bg-white">
        {editor ? <Toolbar editor={editor} label={label} /> : null}
        <EditorContent editor={editor} />
      </div>
      <FieldErrorText id={`${id}-error`} codes={errorCodes} />
    </div>
  );
}

/** A translated HTML text: Persian and English editors side by side. */
export function TranslatedRichText({
  label,
  value,
  onChange,
  path,
}: {
  label: string;
  value: TranslatedText | undefined;
  onChange: (value: TranslatedText) => void;
  path: string;
}) {
  const { t } = useTranslation();
  const errors = { fa: useFieldErrors(`${path}.fa`), en: useFieldErrors(`${path}.en`) };
  const own = useFieldErrors(path);
  const id = useId();
  return (
    <fieldset className="mb-4">
      <legend className="mb-1 font-bold">{label}</legend>
      <div className="grid gap-3 xl:grid-cols-2">
        {LANGUAGES.map(({ language }) => (
          <div key={language}>
            {language === 'en' && isMissingEn(value) ? (
              <div className="mb-1">
                <NotTranslatedBadge />
              </div>
            ) : null}
            <RichTextEditor
              label={t(`translated.${language}`, { label })}
              lang={language}
              value={value?.[language] ?? ''}
              onChange={(html) => onChange(setLanguageText(value, language, html))}
              errorCodes={errors[language]}
            />
          </div>
        ))}
      </div>
      <FieldErrorText id={`${id}-error`} codes={own} />
    </fieldset>
  );
}
