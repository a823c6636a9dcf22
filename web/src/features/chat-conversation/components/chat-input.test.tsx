import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../app/i18n/i18n';
import { createStore } from '../../../app/state/store';
import { ChatInput } from './chat-input';

initI18n();

function renderInput(props: { ready: boolean; onSend: (q: string) => unknown; blocked?: string }) {
  const { store } = createStore();
  const view = (ready: boolean) => (
    <Provider store={store}>
      <ChatInput agentName="Helper" streaming={false} ready={ready} onSend={props.onSend} onStop={() => {}} blocked={props.blocked ?? null} />
    </Provider>
  );
  const result = render(view(props.ready));
  return { ...result, setReady: (ready: boolean) => result.rerender(view(ready)) };
}

describe('ChatInput', () => {
  afterEach(cleanup);

  it('sends on Enter, keeps Shift+Enter for a new line, and empties the box', () => {
    const onSend = vi.fn();
    renderInput({ ready: true, onSend });
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Hello' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Hello');
    expect(box.value).toBe('');
  });

  it('holds a question sent before the agent is ready and sends it once it is', () => {
    const onSend = vi.fn();
    const { setReady } = renderInput({ ready: false, onSend });
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Early question' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toBe('Early question');
    setReady(true);
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith('Early question');
    expect(box.value).toBe('');
  });

  it('sends nothing held when the box was emptied before the agent was ready', () => {
    const onSend = vi.fn();
    const { setReady } = renderInput({ ready: false, onSend });
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'Changed my mind' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.change(box, { target: { value: '' } });
    setReady(true);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('stays closed, saying why, when nothing can be sent to the conversation', () => {
    const onSend = vi.fn();
    renderInput({ ready: true, onSend, blocked: 'You no longer have access to the agent of this conversation.' });
    expect(screen.getByText('You no longer have access to the agent of this conversation.')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(box.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });
});
