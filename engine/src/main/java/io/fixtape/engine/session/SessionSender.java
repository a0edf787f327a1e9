package io.fixtape.engine.session;

import io.fixtape.engine.codec.FieldTemplate;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.codec.PossDupResend;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.codec.UntouchedMemory;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.engine.store.MessageStoreException;
import io.fixtape.engine.store.StoreSwitch;
import io.fixtape.engine.transport.Connection;
import io.fixtape.engine.validation.SessionRejectReason;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.charset.StandardCharsets;

/**
 * The outbound side of a {@link Session}: encodes the standard header, frames, journals
 * ({@link MessageStore#onOutbound}, write-ahead) and writes to the bound connection. Every sequenced send first
 * asks {@link Connection#writableBytes()}, so a message the connection would refuse is neither journaled nor
 * numbered. Resent copies and gap fills reuse their original numbers and are journaled with
 * {@link MessageStore#FLAG_POSS_DUP}.
 *
 * <p>Two encoders over two direct buffers: one for the application's message in progress, one for the session's
 * own messages, so a heartbeat or reject never clobbers what the application is building. Allocation-free.
 *
 * <p>Poller thread only. A {@link io.fixtape.engine.store.MessageStoreException} from the store propagates to the
 * session, which applies its store-failure policy.
 */
final class SessionSender implements OutboundQueue.Written
{
    /** An application message: queued only behind a resend or queued messages, else back-pressured to the caller. */
    private static final int APPLICATION = 0;
    /** A session message that must not be lost (Logon, Logout, Reject, ResendRequest, Heartbeat answering 112). */
    private static final int MANDATORY = 1;
    /** A Heartbeat or TestRequest of our own timers: not sent now means asked again by the next duty cycle. */
    private static final int OPTIONAL = 2;

    private final SessionConfig config;
    private final MessageStore store;
    /** Whether outbound store calls write something (counted as journal appends). */
    private final boolean storePersists;
    private final SequenceTracker sequence;
    private final HeartbeatTimer timer;
    private final SessionCounters counters;
    private final EpochNanoClock clock;
    private final AdminMessages admin = new AdminMessages();
    private final RejectFields rejectFields;
    private final FieldTemplate senderTarget;
    private final UnsafeBuffer appBuffer;
    private final UnsafeBuffer adminBuffer;
    private final FixEncoder appEncoder;
    private final FixEncoder adminEncoder;
    private final byte[] defaultApplVerId;
    /** FIX.4.0's Logon has no ResetSeqNumFlag (141): a reset there is local, not announced. */
    private final boolean announcesReset;
    private final int version;
    private final OutboundQueue queue;

    private Connection connection;
    private boolean resendActive;
    private boolean unsendable;
    private boolean holdApplicationMessages;
    private boolean adminWithoutJournal;
    private long adminMsgType;
    private long pendingMsgType;
    private int pendingSeqNum = -1;
    private long pendingSendingTime;
    private boolean pendingFinished;

    SessionSender(
        final SessionConfig config, final MessageStore store, final SequenceTracker sequence,
        final HeartbeatTimer timer, final SessionCounters counters, final EpochNanoClock clock, final int version)
    {
        StoreSwitch.checkCompatible(store);
        this.config = config;
        this.store = store;
        this.storePersists = store.persistsMessages();
        this.sequence = sequence;
        this.timer = timer;
        this.counters = counters;
        this.clock = clock;
        this.version = version;
        this.rejectFields = RejectFields.forVersion(version);
        final SessionId sessionId = config.sessionId();
        this.announcesReset = !"FIX.4.0".equals(config.sessionId().beginString());
        this.defaultApplVerId = config.isFixt() ?
            SessionConfig.applVerIdValue(config.defaultApplVerId()).getBytes(StandardCharsets.US_ASCII) : null;
        this.senderTarget = FieldTemplate.builder()
            .add(Tags.SENDER_COMP_ID, sessionId.senderCompId())
            .add(Tags.TARGET_COMP_ID, sessionId.targetCompId())
            .build();
        final int capacity = config.maxMessageSize() + 256;
        // resident only as far as messages reach: an idle session keeps a page or two of each, not MaxMessageSize
        this.appBuffer = new UnsafeBuffer(UntouchedMemory.byteBuffer(capacity));
        this.adminBuffer = new UnsafeBuffer(UntouchedMemory.byteBuffer(capacity));
        this.appEncoder = new FixEncoder(sessionId.beginString()).timestampPrecision(config.timestampPrecision());
        this.adminEncoder = new FixEncoder(sessionId.beginString()).timestampPrecision(config.timestampPrecision());
        this.queue = new OutboundQueue(Math.max(config.outboundQueueBytes(), capacity + 8));
    }

    /** The connection messages go to (null when disconnected); a new binding drops an unsent application message. */
    void bind(final Connection connection)
    {
        final int dropped = queue.clear();
        counters.lostAfterJournal += dropped; // journaled: the counterparty's ResendRequest recovers them
        counters.queuedMessagesLost += dropped;
        this.connection = connection;
        holdApplicationMessages = false;
        adminWithoutJournal = false;
        unsendable = false;
        resendActive = false;
        pendingSeqNum = -1;
    }

    /**
     * A session message could be neither written nor queued (the queue is full): the connection must close
     * ({@link io.fixtape.engine.transport.DisconnectReason#SLOW_CONSUMER}), since the session already acted as if
     * it had been sent. Reset by {@link #bind}.
     */
    boolean isUnsendable()
    {
        return unsendable;
    }

    /**
     * A resend starts (or stops): from now on every sequenced message waits in the queue until it ends; what is
     * queued already goes out before it.
     */
    void resendActive(final boolean active)
    {
        if (active)
        {
            queue.markResendStart();
        }
        resendActive = active;
    }

    /** Whether the resend may write: nothing queued before it is still waiting. */
    boolean isClearForResend()
    {
        return queue.isClearForResend();
    }

    /**
     * The last number a resend may cover: numbers still queued go out as themselves (before the resend), so a
     * resend never repeats them.
     */
    int lastResendableSeqNum()
    {
        return queue.isEmpty() ? sequence.nextSender() - 1 : queue.headSeqNum() - 1;
    }

    /** Write queued messages the connection takes now (behind an active resend only those queued before it). */
    int flushQueued(final long now)
    {
        final Connection current = connection;
        if (current == null || queue.isEmpty())
        {
            return 0;
        }
        final int flushed = queue.flush(current, resendActive, this);
        if (flushed > 0)
        {
            timer.onSent(now);
        }
        return flushed;
    }

    /** Whether sequenced messages are waiting (behind a resend or for the connection). */
    boolean hasQueued()
    {
        return !queue.isEmpty();
    }

    @Override
    public void onWritten(final boolean accepted)
    {
        counters.messagesSent++;
        if (!accepted)
        {
            counters.lostAfterJournal++; // journaled: the counterparty's ResendRequest recovers it
        }
    }

    /**
     * From our Logout on, application messages (and BusinessMessageRejects) are journaled and numbered but not
     * written: the spec lets the Logout's sender send nothing more unless asked by a ResendRequest, and the
     * counterparty recovers them by ResendRequest after its next Logon. Admin messages (the Logout reply,
     * resends, gap fills, Heartbeats answering a TestRequest) still go out. Reset by {@link #bind}.
     */
    void holdApplicationMessages()
    {
        holdApplicationMessages = true;
    }

    /**
     * After a store failure ({@link StoreFailurePolicy}): an admin message, resent copy or gap fill the store refuses
     * is sent anyway (counted in {@link SessionCounters#unjournaledMessagesSent()}); its MsgSeqNum is recorded in the
     * store's sequence state before the bytes go out, so it is never reused (a resend gap-fills it). Application
     * messages never go out unjournaled. Reset by {@link #bind}.
     */
    void adminWithoutJournal(final boolean allowed)
    {
        adminWithoutJournal = allowed;
    }

    // ------------------------------------------------------------------------------------------ application

    FixEncoder newMessage(final long msgType)
    {
        pendingMsgType = msgType;
        pendingSeqNum = sequence.nextSender();
        pendingFinished = false;
        pendingSendingTime = clock.nanoTime();
        return appEncoder.wrap(appBuffer, 0).header(msgType, senderTarget, pendingSeqNum, pendingSendingTime);
    }

    /** SendingTime stamped by the last {@link #newMessage} (see {@link Session#sendingTimeNanos()}). */
    long sendingTimeNanos()
    {
        return pendingSendingTime;
    }

    boolean hasPending()
    {
        return pendingSeqNum >= 0;
    }

    void dropPending()
    {
        pendingSeqNum = -1;
    }

    /** Send the message begun with {@link #newMessage}; the caller has checked the session is logged on. */
    long sendPending()
    {
        if (pendingSeqNum != sequence.nextSender())
        {
            pendingSeqNum = -1;
            return Session.STALE_MESSAGE;
        }
        if (!pendingFinished)
        {
            appEncoder.finish();
            pendingFinished = true;
        }
        final int seqNum = pendingSeqNum;
        pendingSeqNum = -1; // cleared first: a store failure must not leave it pending
        final long result = write(appBuffer, appEncoder.messageOffset(), appEncoder.messageLength(), seqNum,
            pendingMsgType, 0, clock.nanoTime(), APPLICATION);
        if (result == Session.BACK_PRESSURED)
        {
            pendingSeqNum = seqNum; // still framed: send() may be called again
        }
        else if (result > 0)
        {
            counters.applicationMessagesSent++;
        }
        return result;
    }

    /** BusinessMessageReject (or a session Reject before FIX 4.2). @return MsgSeqNum or a negative code. */
    long businessReject(final FixDecoder message, final int businessRejectReason, final CharSequence text)
    {
        final long now = clock.nanoTime();
        final int refSeqNum = message.getInt(Tags.MSG_SEQ_NUM);
        final int seqNum = sequence.nextSender();
        if (version < 42)
        {
            admin.reject(beginAdmin(MsgTypes.REJECT, now), message, rejectFields, refSeqNum, SessionRejectReason.OTHER,
                AdminMessages.NO_REF_TAG);
            return sendAdminResult(now, MessageStore.FLAG_ADMIN, APPLICATION) > 0 ? seqNum : Session.BACK_PRESSURED;
        }
        admin.businessReject(beginAdmin(MsgTypes.BUSINESS_MESSAGE_REJECT, now), message, refSeqNum,
            businessRejectReason, text);
        final long result = sendAdminResult(now, 0, APPLICATION); // an application-level message: stored for resend
        if (result > 0)
        {
            counters.businessRejectsSent++;
            counters.events.businessRejectSent(refSeqNum, businessRejectReason, text);
        }
        return result;
    }

    // ------------------------------------------------------------------------------------------ session messages

    boolean logon(
        final int heartBtInt, final boolean reset, final int nextExpected, final boolean initiator, final long now)
    {
        admin.logon(beginAdmin(MsgTypes.LOGON, now), heartBtInt, reset && announcesReset, defaultApplVerId,
            config.enableNextExpectedMsgSeqNum() ? Math.max(nextExpected, sequence.nextTarget()) : 0,
            initiator ? config.username() : null, initiator ? config.password() : null);
        return sendAdmin(now, MessageStore.FLAG_ADMIN);
    }

    boolean logout(final CharSequence text, final long now)
    {
        admin.logout(beginAdmin(MsgTypes.LOGOUT, now), text);
        return sendAdmin(now, MessageStore.FLAG_ADMIN);
    }

    boolean logoutSequenceTooLow(final int expected, final int received, final long now)
    {
        admin.logoutSequenceTooLow(beginAdmin(MsgTypes.LOGOUT, now), expected, received);
        return sendAdmin(now, MessageStore.FLAG_ADMIN);
    }

    /** Heartbeat, answering {@code testRequest} (its 112) when not null; counted when sent. */
    boolean heartbeat(final FixDecoder testRequest, final long now)
    {
        admin.heartbeat(beginAdmin(MsgTypes.HEARTBEAT, now), testRequest);
        if (sendAdminResult(now, MessageStore.FLAG_ADMIN, testRequest != null ? MANDATORY : OPTIONAL) > 0)
        {
            counters.heartbeatsSent++;
            return true;
        }
        return false;
    }

    /** A Heartbeat when HeartBtInt has passed since our last message. @return 1 when one was sent, else 0. */
    int heartbeatIfDue(final long now)
    {
        return timer.isHeartbeatDue(now) && heartbeat(null, now) ? 1 : 0;
    }

    boolean testRequest(final CharSequence testReqId, final long now)
    {
        admin.testRequest(beginAdmin(MsgTypes.TEST_REQUEST, now), testReqId);
        return sendAdminResult(now, MessageStore.FLAG_ADMIN, OPTIONAL) > 0;
    }

    /** ResendRequest from {@code beginSeqNo} to {@code endSeqNo}; 0 = "infinity" (0 from FIX 4.2, 999999 before). */
    boolean resendRequest(final int beginSeqNo, final int endSeqNo, final long now)
    {
        final int end = endSeqNo != 0 ? endSeqNo : version >= 42 ? 0 : 999_999;
        admin.resendRequest(beginAdmin(MsgTypes.RESEND_REQUEST, now), beginSeqNo, end);
        return sendAdmin(now, MessageStore.FLAG_ADMIN);
    }

    /** Reject (35=3) of {@code message}, reverse-routed. */
    boolean reject(final FixDecoder message, final int refSeqNum, final int reason, final int refTagId, final long now)
    {
        final FixEncoder encoder = beginAdmin(MsgTypes.REJECT, now);
        admin.reverseRoute(encoder, message);
        admin.reject(encoder, message, rejectFields, refSeqNum, reason, refTagId);
        return sendAdmin(now, MessageStore.FLAG_ADMIN);
    }

    // ------------------------------------------------------------------------------------------ resend

    /** For {@link ResendResponder}: 1 sent, 0 back-pressured, -1 the stored message is unusable. */
    int resendStored(final FixDecoder stored, final int seqNum, final long now)
    {
        final int length = PossDupResend.encode(stored, adminEncoder.wrap(adminBuffer, 0), now);
        if (length < 0)
        {
            return -1;
        }
        if (!writeUnsequenced(adminEncoder.messageOffset(), length, seqNum, stored.msgType(), 0, now))
        {
            return 0;
        }
        counters.messagesResent++;
        return 1;
    }

    /** For {@link ResendResponder}: SequenceReset-GapFill at {@code seqNum} to {@code newSeqNo}. */
    boolean gapFill(final int seqNum, final int newSeqNo, final long now)
    {
        final FixEncoder encoder = adminEncoder.wrap(adminBuffer, 0)
            .header(MsgTypes.SEQUENCE_RESET, senderTarget, seqNum, now);
        admin.gapFill(encoder, now, newSeqNo);
        final int length = encoder.finish();
        if (!writeUnsequenced(encoder.messageOffset(), length, seqNum, MsgTypes.SEQUENCE_RESET,
            MessageStore.FLAG_ADMIN | MessageStore.FLAG_GAP_FILL, now))
        {
            return false;
        }
        counters.gapFillsSent++;
        return true;
    }

    // ------------------------------------------------------------------------------------------ framing

    private FixEncoder beginAdmin(final long msgType, final long now)
    {
        adminMsgType = msgType;
        return adminEncoder.wrap(adminBuffer, 0).header(msgType, senderTarget, sequence.nextSender(), now);
    }

    /** A session message that must not be lost: written, else queued (see {@link #isUnsendable()}). */
    private boolean sendAdmin(final long now, final int flags)
    {
        return sendAdminResult(now, flags, MANDATORY) > 0;
    }

    private long sendAdminResult(final long now, final int flags, final int delivery)
    {
        final int length = adminEncoder.finish();
        return write(adminBuffer, adminEncoder.messageOffset(), length, sequence.nextSender(), adminMsgType, flags,
            now, delivery);
    }

    /** Capacity check, journal (write-ahead), sequence number, write (or queue, see {@link OutboundQueue}). */
    private long write(
        final MutableDirectBuffer buffer, final int offset, final int length, final int seqNum, final long msgType,
        final int flags, final long now, final int delivery)
    {
        final Connection current = connection;
        if (current == null)
        {
            return Session.NOT_CONNECTED;
        }
        if (holdApplicationMessages && (flags & MessageStore.FLAG_ADMIN) == 0)
        {
            return journalWithoutWriting(buffer, offset, length, seqNum, msgType, flags, now);
        }
        final boolean mustQueue = resendActive || !queue.isEmpty();
        if (mustQueue || current.writableBytes() < length)
        {
            final long queued = queueOrRefuse(buffer, offset, length, seqNum, msgType, flags, now, delivery, mustQueue);
            if (queued == Session.BACK_PRESSURED)
            {
                counters.events.sendRefused(seqNum);
            }
            return queued;
        }
        counters.events.sendAccepted();
        journalAndNumber(buffer, offset, length, seqNum, msgType, flags, now);
        if (current.write(buffer, offset, length) < 0)
        {
            counters.lostAfterJournal++; // journaled: the counterparty's ResendRequest recovers it
        }
        timer.onSent(now);
        counters.sent(msgType, length);
        return seqNum;
    }

    /**
     * The message cannot go out now. Our own timers' messages are asked again next duty cycle; an application message
     * is refused ({@link Session#BACK_PRESSURED}, not numbered) unless sequenced messages are already waiting, which
     * it then joins; a session message joins the queue, and when even that is full the session is
     * {@link #isUnsendable() unsendable}.
     */
    private long queueOrRefuse(
        final MutableDirectBuffer buffer, final int offset, final int length, final int seqNum, final long msgType,
        final int flags, final long now, final int delivery, final boolean mustQueue)
    {
        if (delivery == OPTIONAL || (delivery == APPLICATION && !mustQueue) || unsendable)
        {
            if (!mustQueue)
            {
                counters.backPressured++;
            }
            return Session.BACK_PRESSURED;
        }
        if (!queue.hasRoom(length))
        {
            counters.backPressured++;
            counters.outboundQueueOverflows++;
            if (delivery == MANDATORY)
            {
                unsendable = true;
            }
            return Session.BACK_PRESSURED;
        }
        journalAndNumber(buffer, offset, length, seqNum, msgType, flags, now);
        queue.offer(seqNum, buffer, offset, length);
        counters.messagesQueuedForSend++;
        return seqNum;
    }

    private void journalAndNumber(
        final MutableDirectBuffer buffer, final int offset, final int length, final int seqNum, final long msgType,
        final int flags, final long now)
    {
        final boolean journaled = StoreSwitch.COMPILED_OUT || journal(seqNum, msgType, flags, now, buffer, offset, length);
        sequence.incrementSender(); // the store's sequence state first: a number that went out is never reused
        if (!journaled)
        {
            store.syncSequenceState(); // its only trace: as durable as a record would have been
            counters.unjournaledMessagesSent++;
        }
    }

    /**
     * Write-ahead. After a store failure ({@link #adminWithoutJournal}) an admin message, resent copy or gap fill the
     * store refuses goes out all the same.
     *
     * @return false when the store refused it and it may go out unjournaled.
     */
    private boolean journal(
        final int seqNum, final long msgType, final int flags, final long now, final MutableDirectBuffer buffer,
        final int offset, final int length)
    {
        try
        {
            final long start = counters.journalStart();
            store.onOutbound(seqNum, msgType, flags, now, buffer, offset, length);
            if (storePersists)
            {
                counters.journalAppended(length, start);
            }
            return true;
        }
        catch (final MessageStoreException ex)
        {
            // a store that wrote the record before failing (its msync failed) counts the number as used: so does
            // the session, or its next message (the Logout of the store-failure policy) would carry it again
            final boolean written = (flags & MessageStore.FLAG_POSS_DUP) == 0 && store.nextSenderSeqNum() > seqNum;
            if (!adminWithoutJournal || (flags & (MessageStore.FLAG_ADMIN | MessageStore.FLAG_POSS_DUP)) == 0)
            {
                if (written)
                {
                    sequence.incrementSender();
                }
                throw ex; // before a store failure, and for an application message always: never sent unjournaled
            }
            return written; // written: as journaled (the caller counts its number); else it goes out unjournaled
        }
    }

    /** See {@link #holdApplicationMessages()}: without a store that keeps messages it could never be resent. */
    private long journalWithoutWriting(
        final MutableDirectBuffer buffer, final int offset, final int length, final int seqNum, final long msgType,
        final int flags, final long now)
    {
        if (StoreSwitch.COMPILED_OUT || !store.persistsMessages())
        {
            return Session.NOT_LOGGED_ON;
        }
        store.onOutbound(seqNum, msgType, flags, now, buffer, offset, length);
        sequence.incrementSender();
        counters.applicationMessagesHeld++;
        return seqNum;
    }

    /** A resent copy or gap fill: the sequence number was used before, so it is neither advanced nor indexed. */
    private boolean writeUnsequenced(
        final int offset, final int length, final int seqNum, final long msgType, final int flags, final long now)
    {
        final Connection current = connection;
        if (current == null || current.writableBytes() < length)
        {
            counters.backPressured++;
            if (current != null)
            {
                counters.events.sendRefused(seqNum);
            }
            return false;
        }
        counters.events.sendAccepted();
        if (!StoreSwitch.COMPILED_OUT &&
            !journal(seqNum, msgType, flags | MessageStore.FLAG_POSS_DUP, now, adminBuffer, offset, length))
        {
            counters.unjournaledMessagesSent++;
        }
        current.write(adminBuffer, offset, length);
        timer.onSent(now);
        counters.sent(msgType, length);
        return true;
    }
}
