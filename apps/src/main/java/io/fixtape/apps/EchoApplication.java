package io.fixtape.apps;

import io.fixtape.engine.api.ReplyQueue;
import io.fixtape.engine.api.SessionHandle;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.Tags;
import org.agrona.collections.IntHashSet;

/**
 * Behaves like the QuickFIX acceptance-test server's application: a NewOrderSingle is echoed back on the session
 * (same MsgType, same body fields and optional header fields such as PossResend), except a PossResend (97=Y) order
 * whose ClOrdID was already seen during this logon, which is dropped; SecurityDefinition is echoed; any other
 * application message gets a BusinessMessageReject with BusinessRejectReason 3 (unsupported message type).
 * ClOrdIDs are forgotten at logon and logout.
 *
 * <p>A reply that meets back-pressure is held in a bounded {@link ReplyQueue} (1 MiB) and sent from
 * {@link #doWork} in order, as {@code exec} does; past the bound the session is logged out.
 *
 * <p>One instance per session; poller thread only. Allocation-free once the ClOrdID set has grown to the
 * largest logon's size.
 */
public final class EchoApplication extends QueuedReplyApplication
{
    private static final int PENDING_REPLY_BYTES = 1 << 20;

    private final ClOrdIdSet seenClOrdIds = new ClOrdIdSet();
    private final IntHashSet groupCountTags;
    private long echoed;
    private long duplicatesDropped;
    private long rejected;

    /**
     * @param groupCountTags NumInGroup tags of the session's dictionaries: a group count of 0 is not echoed, as
     *                       QuickFIX/J drops an empty group when it writes a message again.
     */
    public EchoApplication(final IntHashSet groupCountTags)
    {
        super(PENDING_REPLY_BYTES);
        this.groupCountTags = groupCountTags;
    }

    @Override
    public void onLogon(final SessionHandle session)
    {
        seenClOrdIds.clear();
    }

    @Override
    public void onLogout(final SessionHandle session)
    {
        seenClOrdIds.clear();
    }

    @Override
    public void onMessage(final FixDecoder message, final SessionHandle session)
    {
        final long msgType = message.msgType();
        if (msgType == MsgTypes.NEW_ORDER_SINGLE)
        {
            final int clOrdId = message.indexOf(Tags.CL_ORD_ID);
            final boolean seen = clOrdId >= 0 && seenClOrdIds.addOrContains(
                message.buffer(), message.valueOffsetAt(clOrdId), message.valueLengthAt(clOrdId));
            if (seen && isPossResend(message))
            {
                duplicatesDropped++;
                return;
            }
        }
        super.onMessage(message, session);
    }

    @Override
    public int reply(final FixDecoder message, final SessionHandle session, final int progress)
    {
        final long msgType = message.msgType();
        if (msgType == MsgTypes.NEW_ORDER_SINGLE || msgType == MsgTypes.SECURITY_DEFINITION)
        {
            return echo(message, session);
        }
        final int result = rejectUnsupported(message, session);
        if (result == ReplyQueue.DONE)
        {
            rejected++;
        }
        return result;
    }

    private static boolean isPossResend(final FixDecoder message)
    {
        final int index = message.indexOf(Tags.POSS_RESEND);
        return index >= 0 && message.valueLengthAt(index) == 1 && message.charAt(index) == 'Y';
    }

    private int echo(final FixDecoder message, final SessionHandle session)
    {
        final FixEncoder out = session.newMessage(message.msgType());
        BodyCopy.copyForEcho(message, out, groupCountTags);
        final int result = replies.outcome(session.send(), 0);
        if (result == ReplyQueue.DONE)
        {
            echoed++;
        }
        return result;
    }

    public long echoed()
    {
        return echoed;
    }

    public long duplicatesDropped()
    {
        return duplicatesDropped;
    }

    public long rejected()
    {
        return rejected;
    }

    /** Replies that met back-pressure and were held for a retry. */
    public long backPressured()
    {
        return replies.held();
    }

    /** Replies that could not be sent at all. */
    public long repliesDropped()
    {
        return replies.dropped();
    }
}
