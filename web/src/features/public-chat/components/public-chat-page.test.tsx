// The visitor's page against a fake HTTP client: the states of the endpoint's details, a streamed answer, a limit's
// refusal in the server's words, the popup's chrome, reopening the visitor's conversation on a reload, feedback,
// the download, and citations that link nowhere.
import { PublicChatMessages, type Conversation, type PublicEndpointDetails, type Segment } from '@atrium/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '@mui/material/styles';
import { initI18n } from '../../../app/i18n/i18n';
import { defaultSettings } from '../../../app/state/settings.slice';
import { createBrandTheme } from '../../../app/theme/create-brand-theme';
import { createStore } from '../../../app/state/store';
import PublicChatPage from './public-chat-page';

type Call = { url: string; method?: string; body?: unknown; headers?: Record<string, string> };
const server = vi.hoisted(() => ({
  calls: [] as Call[],
  details: null as unknown,
  detailsStatus: 200,
  stream: null as null | { status: number; body: unknown } | string,
  /** GET /public-conversations/{id}: the conversation by id */
  conversations: {} as Record<string, unknown>,
}));

const sse = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });

vi.mock('../../../app/api/http', () => ({
  http: () => ({
    request: async (args: Call & { responseKind?: string }) => {
      server.calls.push(args);
      if (args.url.endsWith('/details'))
        return server.detailsStatus === 200
          ? { data: server.details, meta: {} }
          : { error: { status: server.detailsStatus, data: { code: 'NotFound', message: 'Not found', details: null } } };
      const conversation = /^\/public-conversations\/([0-9a-f-]{36})$/.exec(args.url);
      if (conversation && !args.method) {
        const found = server.conversations[conversation[1]!];
        return found ? { data: found, meta: {} } : { error: { status: 404, data: { code: 'NotFound', message: 'Not found', details: null } } };
      }
      if (args.url.endsWith('/visionImages') && args.method === 'POST') {
        const file = (args.body as FormData).get('file') as File;
        if (file.type !== 'image/png')
          return { error: { status: 400, data: { code: 'unsupported_file_type', message: 'Images must be PNG, JPEG, GIF or WebP.', details: [] } } };
        const n = server.calls.filter((c) => c.url.endsWith('/visionImages')).length;
        const visionImageId = `0b4f3c2d-1e2f-4a5b-8c7d-9e0f1a2b3c4${n}`;
        return {
          data: {
            visionImageId,
            blobFileName: 'a.png',
            thumbnailBlobFileName: 'a-thumbnail.webp',
            mimeType: 'image/png',
            width: 8,
            height: 8,
            sizeBytes: 10,
            thumbnails: [{ base64Content: 'AAAA', mimeType: 'image/webp' }],
          },
          meta: {},
        };
      }
      if (args.url.endsWith('/feedback')) return { data: { feedbackType: 'Positive', isPositive: true, comment: null, createdAt: '' }, meta: {} };
      if (args.url.endsWith('/removeFeedback')) return { data: undefined, meta: {} };
      if (args.url.endsWith('/export') && args.responseKind === 'download')
        return { data: { blob: new Blob(['Deadlines\n']), fileName: 'Deadlines.txt' }, meta: {} };
      if (args.responseKind === 'stream') {
        if (typeof server.stream === 'string') return { data: sse(server.stream), meta: {} };
        return { error: { status: server.stream?.status ?? 500, data: server.stream?.body } };
      }
      return { error: { status: 404, data: { code: 'NotFound', message: 'Not found', details: null } } };
    },
    sessionHeaders: new Map(),
  }),
}));

const details: PublicEndpointDetails = {
  endpointName: 'admissions-help',
  gptSystemId: '0b4f3c2d-1e2f-4a5b-8c7d-9e0f1a2b3c4d',
  name: 'Admissions helper',
  description: 'Questions about applying',
  introduction: '',
  avatarUrl: null,
  brandKey: 'default',
  requireGuidelinesConsent: false,
  showCitations: true,
  maxQuestionLength: 20,
  starterPrompts: [{ title: 'Deadlines', prompt: 'When is the application deadline?' }],
  conversations: [],
};

function renderPage(path = '/public-chat/admissions-help') {
  const { store } = createStore();
  // the app's theme (the brand's, with its menu colour), as BrandThemeProvider gives the pages
  return render(
    <Provider store={store}>
      <ThemeProvider theme={createBrandTheme(undefined, defaultSettings)}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="public-chat/:publicChatEndpoint/:popup?" element={<PublicChatPage />} />
          </Routes>
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
}

const ids = '{"ConversationId":"6f1c9a52-3d7e-4b8a-9a1e-2f4c5d6e7f80","ConversationSegmentId":"1a2b3c4d-1e2f-4a5b-8c7d-9e0f1a2b3c4d"}';
const answer = (text: string) =>
  `event: conversation-and-segment-id\ndata: ${ids}\n\nevent: response-updated\ndata: ${text}\n\nevent: no-more-data\ndata: \n\n`;

describe('the public chat page', () => {
  beforeAll(() => initI18n());
  afterEach(() => {
    cleanup();
    server.calls = [];
    server.detailsStatus = 200;
    server.stream = null;
    server.conversations = {};
    window.localStorage.clear();
  });

  it('says an endpoint that does not exist is not available, and offers no chat', async () => {
    server.detailsStatus = 404;
    renderPage();
    expect(await screen.findByText('This assistant is not available')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });

  it("shows the agent, its starter prompts and the side menu, reading details with the visitor's session", async () => {
    server.details = details;
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Admissions helper' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deadlines' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Public chat menu' });
    expect(within(menu).getByText('Questions about applying')).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'New conversation' })).toBeTruthy();
    const session = window.localStorage.getItem('atrium.publicChat.session.admissions-help');
    expect(server.calls.find((c) => c.url.endsWith('/details'))?.headers).toEqual({ SessionIdentifier: session });
  });

  it('streams the answer to a question, then continues the same conversation', async () => {
    server.details = details;
    server.stream = answer('The deadline is 1 March.');
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Deadlines' }));
    expect(await screen.findByText('The deadline is 1 March.')).toBeTruthy();
    const session = window.localStorage.getItem('atrium.publicChat.session.admissions-help');
    const first = server.calls.find((c) => c.method === 'POST')!;
    expect(first.url).toBe('/public-conversations/admissions-help');
    expect(first.body).toMatchObject({ question: 'When is the application deadline?', session: { sessionIdentifier: session } });

    server.stream = answer('Yes, online.');
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Online?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('Yes, online.')).toBeTruthy();
    const second = server.calls.filter((c) => c.method === 'POST')[1]!;
    expect(second.url).toBe('/public-conversations/6f1c9a52-3d7e-4b8a-9a1e-2f4c5d6e7f80/segments');
    expect(second.body).toMatchObject({ lineage: { parentSegmentId: '1a2b3c4d-1e2f-4a5b-8c7d-9e0f1a2b3c4d' } });
    expect(second.headers).toMatchObject({ SessionIdentifier: session });
  });

  it('offers no image button when the deployment reads no images', async () => {
    server.details = details;
    renderPage();
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add an image' })).toBeNull();
    // nor while a bot check is pending (an upload needs the session's pass)
    cleanup();
    server.details = { ...details, acceptsImages: true, botCheck: { provider: 'turnstile', siteKey: 'k', scriptUrl: 'https://challenges.example/api.js' } };
    renderPage();
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add an image' })).toBeNull();
  });

  it("uploads picked images with the visitor's session, shows them as chips that remove, and sends the rest with the question", async () => {
    server.details = { ...details, acceptsImages: true };
    server.stream = answer('A red square.');
    renderPage();
    expect(await screen.findByRole('button', { name: 'Add an image' })).toBeTruthy();
    const input = screen.getByTestId('visitor-image-input') as HTMLInputElement;
    expect(input.accept).toContain('image/png');
    expect(input.accept).not.toContain('.pdf');
    const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png('red.png'), png('blue.png')] } });
    expect(await screen.findByRole('button', { name: 'Image blue.png' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Image red.png' })).toBeTruthy();
    const session = window.localStorage.getItem('atrium.publicChat.session.admissions-help');
    const uploads = server.calls.filter((c) => c.url === '/public-conversations/admissions-help/visionImages');
    expect(uploads).toHaveLength(2);
    expect(uploads[0]!.headers).toEqual({ SessionIdentifier: session });

    // a refused upload shows the server's words and adds nothing
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Images must be PNG, JPEG, GIF or WebP.')).toBeTruthy();

    // remove red, ask: blue's id goes with the question, and the chips are gone
    const red = screen.getByRole('button', { name: 'Image red.png' });
    fireEvent.click(within(red).getByTestId('CancelIcon'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Image red.png' })).toBeNull());
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Colour?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('A red square.')).toBeTruthy();
    const asked = server.calls.find((c) => c.url === '/public-conversations/admissions-help' && c.method === 'POST')!;
    expect(asked.body).toMatchObject({ question: 'Colour?', visionImageIds: ['0b4f3c2d-1e2f-4a5b-8c7d-9e0f1a2b3c42'] });
    expect(screen.queryByRole('button', { name: 'Image blue.png' })).toBeNull();
  });

  it("shows a limit's refusal as the server words it", async () => {
    server.details = details;
    server.stream = { status: 429, body: { code: 'TooManyRequests', message: PublicChatMessages.visitorDailyLimit, details: null } };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Deadlines' }));
    expect(await screen.findByText(PublicChatMessages.visitorDailyLimit)).toBeTruthy();
  });

  it("asks consent to the agent's guidelines before the first question, and sends it with that question", async () => {
    server.details = { ...details, requireGuidelinesConsent: true, guidelines: { documentTitle: 'House rules', text: 'Be **kind**.' } };
    server.stream = answer('The deadline is 1 March.');
    renderPage();
    const box = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Deadline?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    let dialog = await screen.findByRole('dialog', { name: 'House rules' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(box.value).toBe('Deadline?'));
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.keyDown(box, { key: 'Enter' });
    dialog = await screen.findByRole('dialog', { name: 'House rules' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'I accept' }));
    expect(await screen.findByText('The deadline is 1 March.')).toBeTruthy();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ question: 'Deadline?', guidelinesConsent: true });
  });

  it('draws the bot check the details ask before the first question, and sends its token with it', async () => {
    // the provider's script, as a fake defining window.turnstile (the real one cannot load offline)
    const widgets: { sitekey: string; callback: (token: string) => void; element: HTMLElement }[] = [];
    window.turnstile = {
      render: (element, options) => {
        widgets.push({ element, sitekey: options.sitekey as string, callback: options.callback as (token: string) => void });
        return `widget-${widgets.length}`;
      },
      remove: vi.fn(),
    };
    try {
      server.details = { ...details, botCheck: { provider: 'turnstile', siteKey: 'site-key-1', scriptUrl: 'http://127.0.0.1:9/turnstile.js' } };
      server.stream = answer('The deadline is 1 March.');
      renderPage();
      const box = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
      await waitFor(() => expect(widgets).toHaveLength(1));
      expect(widgets[0]!.sitekey).toBe('site-key-1');
      expect(screen.getByTestId('bot-check').contains(widgets[0]!.element)).toBe(true);
      // no token yet: the question waits, and the page says why
      fireEvent.change(box, { target: { value: 'Deadline?' } });
      fireEvent.keyDown(box, { key: 'Enter' });
      expect(await screen.findByText('Please complete the check that you are not a robot first.')).toBeTruthy();
      expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
      act(() => widgets[0]!.callback('token-from-the-widget'));
      fireEvent.keyDown(box, { key: 'Enter' });
      expect(await screen.findByText('The deadline is 1 March.')).toBeTruthy();
      expect(server.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ question: 'Deadline?', botCheckToken: 'token-from-the-widget' });
      // a follow-up needs no check: the widget is gone
      await waitFor(() => expect(screen.queryByTestId('bot-check')).toBeNull());
    } finally {
      delete window.turnstile;
    }
  });

  it('keeps questions to the longest the endpoint takes, counting near it', async () => {
    server.details = details;
    renderPage();
    const box = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    expect(box.maxLength).toBe(20);
    fireEvent.change(box, { target: { value: 'x'.repeat(18) } });
    expect(screen.getByText('18 / 20 characters')).toBeTruthy();
  });

  it('in popup mode shows only the chat: no side menu, a bar with New conversation', async () => {
    server.details = details;
    renderPage('/public-chat/admissions-help/true');
    expect(await screen.findByRole('heading', { name: 'Admissions helper' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Public chat menu' })).toBeNull();
    expect(screen.getByRole('button', { name: 'New conversation' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy());
  });

  describe("the visitor's conversations", () => {
    const conversationId = '6f1c9a52-3d7e-4b8a-9a1e-2f4c5d6e7f80';
    const olderId = '7a2d0b63-4e8f-4c9b-8b2f-3a5d6e7f8091';
    const segmentIds = ['1a2b3c4d-1e2f-4a5b-8c7d-9e0f1a2b3c4d', '2b3c4d5e-2f3a-4b6c-9d8e-0f1a2b3c4d5e', '3c4d5e6f-3a4b-4c7d-8e9f-1a2b3c4d5e6f'];
    const segment = (id: string, parent: string | null, question: string, answer: string, more: Partial<Segment> = {}): Segment => ({
      conversationSegmentId: id,
      lineage: { parentSegmentId: parent, lineageType: 'Question' },
      childrenSegmentIds: [],
      regeneratedSegmentIds: [],
      question,
      answer,
      status: 'Success',
      createdAt: '2026-11-20T10:00:00.000Z',
      completedAt: '2026-11-20T10:00:05.000Z',
      answeredWithModel: null,
      feedback: null,
      citations: [],
      visionImages: [],
      attachments: [],
      executionLogs: [],
      ...more,
    });
    const handbook = { title: 'Handbook.pdf', path: `/sources/${olderId}?page=3`, number: 1, page: 3, excerpt: 'Applications close on 1 March.' };
    // the selected branch is the first question and its second answer (an edited question sits beside it, not shown)
    const saved = (id: string, title: string): Conversation =>
      ({
        conversationId: id,
        title,
        session: { sessionIdentifier: null },
        isTemporary: false,
        selectedLeafSegmentId: segmentIds[1]!,
        conversationSegmentTree: {
          segmentPath: [segmentIds[0]!, segmentIds[1]!],
          childrenSegmentIds: [segmentIds[0]!],
          segments: [
            segment(segmentIds[0]!, null, 'When is the deadline?', 'The deadline is 1 March [1].', { citations: [handbook] }),
            segment(segmentIds[1]!, segmentIds[0]!, 'Can I apply online?', 'Yes, on the portal.', {
              feedback: { feedbackType: 'Negative', isPositive: false, comment: null, createdAt: '' },
            }),
            segment(segmentIds[2]!, segmentIds[0]!, 'Can I apply by post?', 'No.'),
          ],
        },
      }) as unknown as Conversation;
    const withHistory: PublicEndpointDetails = {
      ...details,
      conversations: [
        { conversationId, title: 'Deadlines', lastModifiedAt: '2026-11-20T10:00:05.000Z' },
        { conversationId: olderId, title: 'Fees', lastModifiedAt: '2026-11-18T09:00:00.000Z' },
      ],
    };

    it('reopens the latest on a reload, its selected branch, and continues it; the earlier ones are offered in the menu', async () => {
      window.localStorage.setItem('atrium.publicChat.session.admissions-help', '5d1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b');
      server.details = withHistory;
      server.conversations = { [conversationId]: saved(conversationId, 'Deadlines'), [olderId]: { ...saved(olderId, 'Fees'), title: 'Fees' } };
      renderPage();
      expect(await screen.findByText('Yes, on the portal.')).toBeTruthy();
      expect(screen.getByText('Can I apply online?')).toBeTruthy();
      expect(screen.queryByText('Can I apply by post?')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Deadlines' })).toBeNull(); // not the empty chat's starter prompts
      const get = server.calls.find((c) => c.url === `/public-conversations/${conversationId}`)!;
      expect(get.headers).toEqual({ SessionIdentifier: '5d1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b' });

      const menu = screen.getByRole('navigation', { name: 'Public chat menu' });
      const list = within(menu).getByRole('list', { name: 'Your recent conversations' });
      const items = within(list).getAllByRole('button');
      expect(items.map((b) => b.querySelector('.MuiListItemText-primary')?.textContent)).toEqual(['Deadlines', 'Fees']);
      expect(items[1]!.querySelector('.MuiListItemText-secondary')?.textContent).toMatch(/Nov 18, 2026/);
      expect(
        within(list)
          .getByRole('button', { name: /^Deadlines/ })
          .getAttribute('aria-current'),
      ).toBe('page');

      server.stream = answer('Yes, until 1 March.');
      const box = screen.getByRole('textbox', { name: 'Message' });
      fireEvent.change(box, { target: { value: 'Late applications?' } });
      fireEvent.keyDown(box, { key: 'Enter' });
      expect(await screen.findByText('Yes, until 1 March.')).toBeTruthy();
      const followUp = server.calls.find((c) => c.method === 'POST')!;
      expect(followUp.url).toBe(`/public-conversations/${conversationId}/segments`);
      expect(followUp.body).toMatchObject({ lineage: { parentSegmentId: segmentIds[1] } });

      fireEvent.click(within(list).getByRole('button', { name: /^Fees/ }));
      await waitFor(() => expect(within(list).getByRole('button', { name: /^Fees/ }).getAttribute('aria-current')).toBe('page'));
      expect(server.calls.some((c) => c.url === `/public-conversations/${olderId}`)).toBe(true);
      expect(screen.queryByText('Yes, until 1 March.')).toBeNull();

      fireEvent.click(within(menu).getByRole('button', { name: 'New conversation' }));
      expect(await screen.findByRole('button', { name: 'Deadlines' })).toBeTruthy();
    });

    it('starts empty when the visitor has no conversation, and lists a new one once its answer has ended', async () => {
      server.details = details;
      server.stream = answer('The deadline is 1 March.');
      renderPage();
      fireEvent.click(await screen.findByRole('button', { name: 'Deadlines' }));
      expect(await screen.findByText('The deadline is 1 March.')).toBeTruthy();
      expect(server.calls.some((c) => /^\/public-conversations\/[0-9a-f-]{36}$/.test(c.url) && !c.method)).toBe(false);
      // the details are read again for the new conversation's title
      await waitFor(() => expect(server.calls.filter((c) => c.url.endsWith('/details'))).toHaveLength(2));
    });

    it('says so when the latest conversation cannot be opened, and offers a new one', async () => {
      server.details = withHistory;
      renderPage();
      expect(await screen.findByText('Your conversation could not be opened. You can start a new one.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Deadlines' })).toBeTruthy();
    });

    it("gives an answer the visitor's thumbs with the comment dialog, and takes one back", async () => {
      window.localStorage.setItem('atrium.publicChat.session.admissions-help', '5d1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b');
      server.details = withHistory;
      server.conversations = { [conversationId]: saved(conversationId, 'Deadlines') };
      renderPage();
      const [firstAnswer, secondAnswer] = await waitFor(() => {
        const answers = screen.getAllByRole('article');
        expect(answers).toHaveLength(2);
        return answers;
      });
      // visitors get copy and the thumbs, not regenerate or the execution details
      expect(within(firstAnswer!).queryByRole('button', { name: 'Regenerate' })).toBeNull();
      expect(within(firstAnswer!).queryByRole('button', { name: 'Execution details' })).toBeNull();
      fireEvent.click(within(firstAnswer!).getByRole('button', { name: 'Good answer' }));
      const dialog = await screen.findByRole('dialog', { name: 'Good answer' });
      fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Clear, thanks' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(server.calls.some((c) => c.url.endsWith('/feedback'))).toBe(true));
      const given = server.calls.find((c) => c.url.endsWith('/feedback'))!;
      expect(given).toMatchObject({
        url: `/public-conversations/${conversationId}/segments/${segmentIds[0]}/feedback`,
        method: 'POST',
        body: { feedbackType: 'Positive', comment: 'Clear, thanks' },
        headers: { SessionIdentifier: '5d1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b' },
      });

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // the second answer already has a thumbs down (as saved): pressing it again takes it back, with no dialog
      fireEvent.click(within(secondAnswer!).getByRole('button', { name: 'Bad answer' }));
      await waitFor(() => expect(server.calls.some((c) => c.url.endsWith('/removeFeedback'))).toBe(true));
      expect(server.calls.find((c) => c.url.endsWith('/removeFeedback'))).toMatchObject({
        url: `/public-conversations/${conversationId}/segments/${segmentIds[1]}/removeFeedback`,
        method: 'DELETE',
        headers: { SessionIdentifier: '5d1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b' },
      });
      expect(screen.queryByRole('dialog')).toBeNull();
      // taken back: the same thumb now asks for a comment again
      fireEvent.click(within(secondAnswer!).getByRole('button', { name: 'Bad answer' }));
      expect(await screen.findByRole('dialog', { name: 'Bad answer' })).toBeTruthy();
    });

    it('downloads the open conversation as a text file with the session identifier', async () => {
      window.localStorage.setItem('atrium.publicChat.session.admissions-help', '5d1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b');
      server.details = withHistory;
      server.conversations = { [conversationId]: saved(conversationId, 'Deadlines') };
      const created = vi.fn(() => 'blob:conversation');
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
      const downloads: string[] = [];
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(this.download);
      });
      try {
        renderPage();
        await screen.findByText('Yes, on the portal.');
        const menu = screen.getByRole('navigation', { name: 'Public chat menu' });
        fireEvent.click(within(menu).getByRole('button', { name: 'Download as text' }));
        await waitFor(() => expect(downloads).toEqual(['Deadlines.txt']));
        expect(server.calls.find((c) => c.url.endsWith('/export'))).toMatchObject({
          url: `/public-conversations/${conversationId}/export`,
          headers: { SessionIdentifier: '5d1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b' },
        });
      } finally {
        click.mockRestore();
      }
    });

    it('offers no download before the visitor has a conversation', async () => {
      server.details = details;
      renderPage('/public-chat/admissions-help/true');
      expect(await screen.findByRole('button', { name: 'Deadlines' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Download as text' })).toBeNull();
    });

    it('shows a citation with its file, page and excerpt, and no link to the sign-in-only sources page', async () => {
      server.details = withHistory;
      server.conversations = { [conversationId]: saved(conversationId, 'Deadlines') };
      renderPage();
      const chip = (await screen.findAllByRole('button', { name: 'Source 1: Handbook.pdf, page 3' })).find((el) => el.tagName !== 'SPAN')!;
      expect(screen.queryByRole('link', { name: /Handbook/ })).toBeNull();
      fireEvent.click(chip);
      const popover = await screen.findByRole('dialog', { name: 'Handbook.pdf' });
      expect(popover.textContent).toContain('“Applications close on 1 March.”');
      expect(within(popover).queryByRole('button', { name: 'Open page 3' })).toBeNull();
      expect(within(popover).queryByRole('link')).toBeNull();
    });
  });
});
