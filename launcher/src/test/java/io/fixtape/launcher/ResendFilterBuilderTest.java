package io.fixtape.launcher;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.ResendFilter;
import io.fixtape.engine.runtime.SessionEndpoint;
import io.fixtape.launcher.internal.AssembledEngine;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertSame;

/** {@link FixtapeBuilder#resendFilter} reaches every session; without it every stored message is resent. */
class ResendFilterBuilderTest
{
    private static final Application APP = (message, session) ->
    {
    };

    @Test
    void theBuildersResendFilterIsEverySessionsFilter()
    {
        final ResendFilter stale = (sessionId, stored, nowNanos) -> false;
        final AssembledEngine assembled = new FixtapeBuilder()
            .session(s -> s.acceptor(0).sessionId("FIX.4.4", "EXEC", "BANZAI").nonStopSession(true))
            .session(s -> s.acceptor(0).sessionId("FIX.4.2", "EXEC", "BANZAI").nonStopSession(true))
            .application((id, clock) -> APP)
            .resendFilter(stale)
            .assemble();
        try
        {
            for (final SessionEndpoint endpoint : assembled.engineContext().sessions())
            {
                assertSame(stale, endpoint.config().resendFilter(), endpoint.config().sessionId().toString());
            }
        }
        finally
        {
            assembled.abandon();
        }
    }

    @Test
    void withoutOneEveryStoredMessageIsResent()
    {
        final AssembledEngine assembled = new FixtapeBuilder()
            .session(s -> s.acceptor(0).sessionId("FIX.4.4", "EXEC", "BANZAI").nonStopSession(true))
            .application((id, clock) -> APP)
            .assemble();
        try
        {
            assertSame(ResendFilter.RESEND_ALL, assembled.engineContext().sessions().get(0).config().resendFilter());
        }
        finally
        {
            assembled.abandon();
        }
    }
}
