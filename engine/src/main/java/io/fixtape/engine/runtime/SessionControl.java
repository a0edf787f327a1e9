package io.fixtape.engine.runtime;

import io.fixtape.engine.session.Session;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.transport.Connection;

import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The JMX face of one session ({@link SessionControlMBean}): each call is handed to the engine's poller with
 * {@link FixEngine#execute} and waited for, so sessions stay single-threaded. A refused operation (connected, bad
 * number) reaches the JMX client as an IllegalStateException/IllegalArgumentException with the reason.
 */
public final class SessionControl implements SessionControlMBean
{
    private static final long TIMEOUT_MS = 1000;

    private final FixEngine engine;
    private final Session session;

    SessionControl(final FixEngine engine, final Session session)
    {
        this.engine = engine;
        this.session = session;
    }

    /** {@code io.fixtape:type=Session,beginString=...,senderCompID=...,targetCompID=...[,qualifier=...]}. */
    public static ObjectName objectName(final SessionId id)
    {
        try
        {
            return new ObjectName("io.fixtape:type=Session,beginString=" + ObjectName.quote(id.beginString()) +
                ",senderCompID=" + ObjectName.quote(id.senderCompId()) + ",targetCompID=" +
                ObjectName.quote(id.targetCompId()) +
                (id.qualifier().isEmpty() ? "" : ",qualifier=" + ObjectName.quote(id.qualifier())));
        }
        catch (final MalformedObjectNameException ex)
        {
            throw new IllegalArgumentException(ex);
        }
    }

    @Override
    public String getSessionId()
    {
        return session.sessionId().toString();
    }

    @Override
    public String getState()
    {
        return onPoller(() -> session.state().name());
    }

    @Override
    public boolean isLoggedOn()
    {
        return onPoller(session::isLoggedOn);
    }

    @Override
    public String getRemoteAddress()
    {
        return onPoller(() ->
        {
            final Connection connection = session.connection();
            return connection == null ? "" : connection.remoteAddress();
        });
    }

    @Override
    public int getNextSenderMsgSeqNum()
    {
        return onPoller(session::nextSenderSeqNum);
    }

    @Override
    public int getNextTargetMsgSeqNum()
    {
        return onPoller(session::nextTargetSeqNum);
    }

    @Override
    public long getMessagesReceived()
    {
        return onPoller(() -> session.counters().messagesReceived());
    }

    @Override
    public long getMessagesSent()
    {
        return onPoller(() -> session.counters().messagesSent());
    }

    @Override
    public void logout()
    {
        onPoller(() ->
        {
            session.logout("Logout by operator");
            return null;
        });
    }

    @Override
    public void disconnect()
    {
        onPoller(() ->
        {
            session.disconnect();
            return null;
        });
    }

    @Override
    public void reset()
    {
        onPoller(() ->
        {
            session.resetSequenceNumbers();
            return null;
        });
    }

    @Override
    public void setSequenceNumbers(final int nextSenderMsgSeqNum, final int nextTargetMsgSeqNum)
    {
        onPoller(() ->
        {
            session.setSequenceNumbers(nextSenderMsgSeqNum, nextTargetMsgSeqNum);
            return null;
        });
    }

    private <T> T onPoller(final Supplier<T> action)
    {
        final CompletableFuture<T> result = new CompletableFuture<>();
        if (!engine.execute(() ->
        {
            try
            {
                result.complete(action.get());
            }
            catch (final RuntimeException ex)
            {
                result.completeExceptionally(ex);
            }
        }))
        {
            throw new IllegalStateException("engine closing or busy: try again");
        }
        try
        {
            return result.get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
        }
        catch (final ExecutionException ex)
        {
            if (ex.getCause() instanceof RuntimeException)
            {
                // JMX clients see the message; the poller-side stack is of no use to them
                throw new IllegalStateException(ex.getCause().getMessage());
            }
            throw new IllegalStateException(ex.getCause());
        }
        catch (final TimeoutException ex)
        {
            throw new IllegalStateException("the engine's poller did not answer within " + TIMEOUT_MS + " ms");
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
    }
}
