/**
 * The article body editor (Tiptap 3): paragraphs, H2/H3 headings, bold, italic, underline, lists,
 * quotes, links and pictures — exactly what the app's article allow-list keeps and its article page
 * styles (apps/api modules/content/sanitize.ts), so what the operator sees is what readers get.
 * Pictures are uploaded through `POST /api/admin/images` and inserted by their URL. The value is the
 * body HTML ('' when empty), for ProForm fields.
 */
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Flex, Form, Input, Modal, Tooltip } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { IMAGE_ACCEPT, uploadImage } from '@/api/images';
import { useFeedback } from '@/lib/feedback';

/** The field's props: antd Form passes `value` and `onChange`. */
export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** Accessible name of the editing area. */
  label?: string;
}

/**
 * The body HTML of the editor's document: without the empty paragraphs the editor keeps at the end
 * (so the cursor can go below a picture or a quote), '' for an empty document.
 */
function bodyHtml(html: string): string {
  return html.replace(/(?:<p><\/p>)+$/, '');
}

/** Links the app follows: the web, e-mail and its own pages (`#/pages/…`), as the allow-list keeps. */
const SAFE_HREF = /^(?:https?:\/\/\S+|mailto:\S+|#\/pages\/\S*)$/i;

/** The editing area's look: roomy, pictures within the column. */
const EDITOR_CSS = `.xl-rich-text{min-height:320px;outline:none;font-size:15px;line-height:1.8}
.xl-rich-text img{display:block;max-width:100%;height:auto;margin:8px 0}
.xl-rich-text blockquote{margin:0 0 12px;padding:4px 12px;border-left:4px solid #672f0d;color:#6b6259}
.xl-rich-text a{color:#8a4b1f;text-decoration:underline}`;

/** One toolbar button: a Chinese title that is also its accessible name. */
function ToolButton(props: {
  title: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={props.title}>
      <Button
        size="small"
        type={props.active ? 'primary' : 'text'}
        aria-label={props.title}
        aria-pressed={props.active ?? undefined}
        disabled={props.disabled}
        // Keep the selection in the editor while clicking the toolbar.
        onMouseDown={(event) => event.preventDefault()}
        onClick={props.onClick}
      >
        {props.children}
      </Button>
    </Tooltip>
  );
}

/** The rich-text editor. */
export function RichTextEditor({ value, onChange, label = '正文' }: RichTextEditorProps): ReactNode {
  const { showError } = useFeedback();
  const changed = useRef(onChange);
  changed.current = onChange;
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkForm] = Form.useForm<{ href: string }>();

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        strike: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      Image.configure({ inline: false }),
    ],
    content: value || '',
    editorProps: {
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', class: 'xl-rich-text' },
    },
    onUpdate: ({ editor: current }) => changed.current?.(bodyHtml(current.getHTML())),
  });

  // A value set from outside (the article loaded, the form reset) replaces the document.
  useEffect(() => {
    if (!editor) return;
    const next = value || '';
    if (next !== bodyHtml(editor.getHTML())) editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      paragraph: e?.isActive('paragraph') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      blockquote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });

  const chain = () => editor?.chain().focus();

  const insertPicture = async (file: File) => {
    setUploading(true);
    try {
      const url = await uploadImage(file, file.name);
      chain()?.setImage({ src: url, alt: '' }).run();
    } catch (error) {
      showError(error);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6, background: '#fff' }}>
      <Flex
        role="toolbar"
        aria-label="正文格式"
        wrap
        gap={2}
        style={{ padding: 4, borderBottom: '1px solid #f0f0f0' }}
      >
        <ToolButton title="正文段落" active={state?.paragraph} onClick={() => chain()?.setParagraph().run()}>
          正文
        </ToolButton>
        <ToolButton
          title="二级标题"
          active={state?.h2}
          onClick={() => chain()?.toggleHeading({ level: 2 }).run()}
        >
          H2
        </ToolButton>
        <ToolButton
          title="三级标题"
          active={state?.h3}
          onClick={() => chain()?.toggleHeading({ level: 3 }).run()}
        >
          H3
        </ToolButton>
        <Divider type="vertical" />
        <ToolButton title="加粗" active={state?.bold} onClick={() => chain()?.toggleBold().run()}>
          <b>B</b>
        </ToolButton>
        <ToolButton title="斜体" active={state?.italic} onClick={() => chain()?.toggleItalic().run()}>
          <i>I</i>
        </ToolButton>
        <ToolButton title="下划线" active={state?.underline} onClick={() => chain()?.toggleUnderline().run()}>
          <u>U</u>
        </ToolButton>
        <Divider type="vertical" />
        <ToolButton
          title="无序列表"
          active={state?.bulletList}
          onClick={() => chain()?.toggleBulletList().run()}
        >
          •列表
        </ToolButton>
        <ToolButton
          title="有序列表"
          active={state?.orderedList}
          onClick={() => chain()?.toggleOrderedList().run()}
        >
          1.列表
        </ToolButton>
        <ToolButton title="引用" active={state?.blockquote} onClick={() => chain()?.toggleBlockquote().run()}>
          引用
        </ToolButton>
        <Divider type="vertical" />
        <ToolButton
          title="插入链接"
          active={state?.link}
          onClick={() => {
            linkForm.setFieldsValue({ href: editor?.getAttributes('link').href ?? '' });
            setLinkOpen(true);
          }}
        >
          链接
        </ToolButton>
        <ToolButton title="取消链接" disabled={!state?.link} onClick={() => chain()?.unsetLink().run()}>
          去链接
        </ToolButton>
        <ToolButton title="插入图片" disabled={uploading} onClick={() => fileInput.current?.click()}>
          {uploading ? '上传中…' : '图片'}
        </ToolButton>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_ACCEPT}
          aria-label="选择要插入的图片"
          style={{ display: 'none' }}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void insertPicture(file);
          }}
        />
      </Flex>
      <style>{EDITOR_CSS}</style>
      <EditorContent editor={editor} style={{ padding: '8px 12px' }} />
      <Modal
        title="插入链接"
        open={linkOpen}
        okText="确定"
        cancelText="取消"
        destroyOnHidden
        onCancel={() => setLinkOpen(false)}
        onOk={() => void linkForm.submit()}
      >
        <Form
          form={linkForm}
          layout="vertical"
          onFinish={({ href }) => {
            const target = href.trim();
            if (target === '') chain()?.extendMarkRange('link').unsetLink().run();
            else chain()?.extendMarkRange('link').setLink({ href: target }).run();
            setLinkOpen(false);
          }}
        >
          <Form.Item
            name="href"
            label="链接地址"
            extra="网址（https://…）、邮箱（mailto:…）或 App 内页面（#/pages/…）；留空即去掉链接"
            rules={[
              {
                validator: async (_, href: string | undefined) => {
                  const target = (href ?? '').trim();
                  if (target !== '' && !SAFE_HREF.test(target)) {
                    throw new Error('请填写 https:// 开头的网址、mailto: 邮箱或 #/pages/ 开头的 App 内页面');
                  }
                },
              },
            ]}
          >
            <Input placeholder="https://" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
