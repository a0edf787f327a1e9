package io.fixtape.bench.harness.server;

import quickfix.Log;
import quickfix.LogFactory;
import quickfix.SessionID;

/**
 * QuickFIX/J message log for the performance lane: messages and events are not logged (fixtape's arm does not log
 * them either), error events still go to stderr so the harness can report them as warnings.
 */
final class ErrorsOnlyLogFactory implements LogFactory
{
    @Override
    public Log create(final SessionID sessionId)
    {
        return new Log()
        {
            @Override
            public void clear()
            {
            }

            @Override
            public void onIncoming(final String message)
            {
            }

            @Override
            public void onOutgoing(final String message)
            {
            }

            @Override
            public void onEvent(final String text)
            {
            }

            @Override
            public void onErrorEvent(final String text)
            {
                System.err.println("quickfixj error: " + sessionId + ": " + text);
            }
        };
    }
}
