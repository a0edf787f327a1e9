package io.fixtape.engine.testkit;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionConfig;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.InMemoryMessageStore;
import io.fixtape.engine.store.MessageStore;

/**
 * Ready-made session configurations for tests: the acceptance-test identities (acceptor ISLD, counterparty TW)
 * and a matching initiator. Set-up only.
 */
public final class TestSessions
{
    public static final String ACCEPTOR_COMP_ID = "ISLD";
    public static final String INITIATOR_COMP_ID = "TW";

    private TestSessions()
    {
    }

    public static SessionConfig acceptorConfig(final String beginString)
    {
        final SessionConfig config = new SessionConfig()
            .sessionId(new SessionId(beginString, ACCEPTOR_COMP_ID, INITIATOR_COMP_ID))
            .role(SessionConfig.Role.ACCEPTOR);
        if (beginString.startsWith("FIXT"))
        {
            config.defaultApplVerId("FIX.5.0SP2");
        }
        return config;
    }

    public static SessionConfig initiatorConfig(final String beginString)
    {
        final SessionConfig config = new SessionConfig()
            .sessionId(new SessionId(beginString, INITIATOR_COMP_ID, ACCEPTOR_COMP_ID))
            .role(SessionConfig.Role.INITIATOR)
            .heartBtIntSeconds(30);
        if (beginString.startsWith("FIXT"))
        {
            config.defaultApplVerId("FIX.5.0SP2");
        }
        return config;
    }

    public static Session session(final SessionConfig config, final TestClock clock)
    {
        return session(config, new InMemoryMessageStore(1 << 20, 4096), Application.NO_OP, clock);
    }

    public static Session session(
        final SessionConfig config, final MessageStore store, final Application application, final TestClock clock)
    {
        return new Session(config, store, application, clock);
    }
}
