// Which capabilities a turn may use, and how one tool call runs: its step repeated while it takes long,
// its failures turned into something the model can explain, unknown tools refused.
import { describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { runToolCall, ToolStepRepeatMs, turnCapabilities, type ChatTool, type ToolContext } from './chat-tools.js';
import { TraceLog } from './chat-trace.js';

const context: ToolContext = {
  conversationId: 'c',
  segmentId: 's',
  signal: new AbortController().signal,
  persistTurn: async () => undefined,
  nextSourceNumber: () => 1,
};
const tool = (run: ChatTool['run']): ChatTool => ({ step: 'Working', spec: { name: 'work', description: 'Works', inputSchema: { type: 'object' } }, run });
const options = (tools: ChatTool[], steps: string[], trace = new TraceLog(true), fatal = () => false) => ({
  tools,
  context,
  publishStep: (text: string) => steps.push(text),
  trace,
  logger: pino({ level: 'silent' }),
  fatal,
});

describe('turnCapabilities', () => {
  it("keeps the agent's capabilities, narrowed only by an explicit list", () => {
    expect([...turnCapabilities(['ImageCreation', 'InternetSearch'], null)]).toEqual(['ImageCreation', 'InternetSearch']);
    expect([...turnCapabilities(['ImageCreation'], { capabilities: [], capabilitiesExplicitlyProvided: false })]).toEqual(['ImageCreation']);
    expect([...turnCapabilities(['ImageCreation', 'InternetSearch'], { capabilities: ['imagecreation'], capabilitiesExplicitlyProvided: true })]).toEqual([
      'ImageCreation',
    ]);
    // a client cannot switch on what the agent does not have
    expect([...turnCapabilities([], { capabilities: ['ImageCreation'], capabilitiesExplicitlyProvided: true })]).toEqual([]);
    expect([...turnCapabilities(undefined, undefined)]).toEqual([]);
  });
});

describe('runToolCall', () => {
  it('repeats the step while a tool runs long, and stops when it is done', async () => {
    vi.useFakeTimers();
    try {
      let finish!: () => void;
      const steps: string[] = [];
      const running = runToolCall(
        { toolCallId: '1', toolName: 'work', input: {} },
        options([tool(() => new Promise((resolve) => (finish = () => resolve({ output: { ok: true }, log: { message: 'done', isError: false } }))))], steps),
      );
      await vi.advanceTimersByTimeAsync(ToolStepRepeatMs * 2 + 100);
      expect(steps).toEqual(['Working', 'Working', 'Working']);
      finish();
      expect(await running).toEqual({ output: { ok: true } });
      await vi.advanceTimersByTimeAsync(ToolStepRepeatMs * 2);
      expect(steps).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns a failing tool into an output for the model, unless the failure ends the turn', async () => {
    const trace = new TraceLog(true);
    const failing = tool(async () => {
      throw new Error('boom');
    });
    expect((await runToolCall({ toolCallId: '1', toolName: 'work', input: {} }, options([failing], [], trace))).output).toMatchObject({
      error: expect.stringContaining('did not work'),
    });
    expect(trace.persisted()).toContainEqual(expect.objectContaining({ executionLogType: 'ToolCall', isError: true }));
    await expect(
      runToolCall(
        { toolCallId: '1', toolName: 'work', input: {} },
        options([failing], [], trace, () => true),
      ),
    ).rejects.toThrow('boom');
  });

  it('refuses a tool the turn does not offer', async () => {
    const steps: string[] = [];
    expect((await runToolCall({ toolCallId: '1', toolName: 'rm_rf', input: {} }, options([], steps))).output).toEqual({
      error: 'There is no tool named rm_rf.',
    });
    expect(steps).toEqual([]);
  });
});
