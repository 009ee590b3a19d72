import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import StrikethroughS from '@mui/icons-material/StrikethroughS';
import { Box, IconButton, Stack, Tooltip } from '@mui/material';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactElement, useEffect } from 'react';
import { useT } from '../../../lib/i18n/index.ts';

export interface RichTextEditorProps {
  label: string;
  /** Called with the editor's HTML and whether it holds any text, on every change. */
  onChange: (html: string, empty: boolean) => void;
  /** Changing it empties the editor (after a submit). */
  resetKey: number;
  disabled?: boolean;
}

interface Tool {
  icon: ReactElement;
  /** Its mark or node, and its label (`tools.{mark}` of the catalogue). */
  mark: 'bold' | 'italic' | 'strike' | 'bulletList' | 'orderedList' | 'blockquote';
  run: (editor: Editor) => void;
}

const TOOLS: Tool[] = [
  { icon: <FormatBold />, mark: 'bold', run: (e) => e.chain().focus().toggleBold().run() },
  {
    icon: <FormatItalic />,
    mark: 'italic',
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    icon: <StrikethroughS />,
    mark: 'strike',
    run: (e) => e.chain().focus().toggleStrike().run(),
  },
  {
    icon: <FormatListBulleted />,
    mark: 'bulletList',
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    icon: <FormatListNumbered />,
    mark: 'orderedList',
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    icon: <FormatQuote />,
    mark: 'blockquote',
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
];

/**
 * The feedback editor (spec 002 section 2): Tiptap (ProseMirror) with its starter kit, a toolbar for the
 * formatting the server keeps (modules/feedback/feedback-sanitise.ts). Loaded only with the Feedback page.
 */
export default function RichTextEditor({ label, onChange, resetKey, disabled }: RichTextEditorProps) {
  const t = useT('feedback');
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false } })],
    content: '',
    editorProps: {
      attributes: {
        'aria-label': label,
        role: 'textbox',
        'aria-multiline': 'true',
        class: 'feedback-editor',
      },
    },
    onUpdate: ({ editor: current }) =>
      onChange(current.getHTML(), current.isEmpty || current.getText().trim() === ''),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(TOOLS.map((tool) => [tool.mark, current?.isActive(tool.mark) ?? false])),
  });

  useEffect(() => {
    if (editor && resetKey > 0) editor.commands.clearContent(true);
  }, [editor, resetKey]);
  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Stack
        direction="row"
        role="toolbar"
        aria-label={t('formatting')}
        sx={{ borderBottom: 1, borderColor: 'divider', px: 0.5, flexWrap: 'wrap' }}
      >
        {TOOLS.map((tool) => (
          <Tooltip key={tool.mark} title={t(`tools.${tool.mark}`)}>
            <span>
              <IconButton
                size="small"
                aria-label={t(`tools.${tool.mark}`)}
                aria-pressed={active?.[tool.mark] ?? false}
                color={active?.[tool.mark] ? 'primary' : 'default'}
                disabled={!editor || disabled}
                // A click keeps the focus (and the selection) in the text: the editor gives it back only on the
                // next frame, and a key typed before that would press the button instead.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => editor && tool.run(editor)}
              >
                {tool.icon}
              </IconButton>
            </span>
          </Tooltip>
        ))}
      </Stack>
      <Box
        sx={{
          px: 2,
          minHeight: 180,
          '& .feedback-editor': { minHeight: 180, outline: 'none', py: 1 },
          '& .feedback-editor p': { my: 0.5 },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
