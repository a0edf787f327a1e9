package io.fixtape.engine.testkit;

import io.fixtape.engine.api.Application;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;

/**
 * A test application that wraps another one (usually the built-in {@code exec}, so orders are still filled) and
 * passes every callback on to it unchanged: {@code onLogon}, {@code onLogout}, {@code onMessage},
 * {@code onAdminMessage}, {@code doWork} and {@code isHoldingReplies}. A test extends it and overrides only the
 * callbacks it observes or alters (record, slow down, halt, add a message), calling {@code super} or
 * {@link #delegate} to let the wrapped application answer. Forwarding all six keeps the wrapped application's
 * held-reply retries ({@code doWork}) and read pause ({@code isHoldingReplies}) working under the wrapper.
 */
public abstract class ForwardingApplication implements Application
{
    /** The wrapped application that answers. */
    protected final Application delegate;

    protected ForwardingApplication(final Application delegate)
    {
        this.delegate = delegate;
    }

    @Override
    public void onLogon(final SessionHandle session)
    {
        delegate.onLogon(session);
    }

    @Override
    public void onLogout(final SessionHandle session)
    {
        delegate.onLogout(session);
    }

    @Override
    public void onMessage(final FixDecoder message, final SessionHandle session)
    {
        delegate.onMessage(message, session);
    }

    @Override
    public void onAdminMessage(final FixDecoder message, final SessionHandle session)
    {
        delegate.onAdminMessage(message, session);
    }

    @Override
    public int doWork(final SessionHandle session, final long nowNanos)
    {
        return delegate.doWork(session, nowNanos);
    }

    @Override
    public boolean isHoldingReplies()
    {
        return delegate.isHoldingReplies();
    }
}
