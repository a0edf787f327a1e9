package io.fixtape.engine.store;

import io.fixtape.engine.session.SessionId;

/** Creates (or reopens) the store of one session. The journal module supplies a persisted implementation. */
@FunctionalInterface
public interface MessageStoreFactory
{
    MessageStore create(SessionId sessionId);
}
