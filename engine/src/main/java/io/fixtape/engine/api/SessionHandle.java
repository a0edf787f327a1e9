package io.fixtape.engine.api;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixEncoder;
import io.fixtape.engine.session.SessionId;

/**
 * What an {@link Application} may do with its session: read its identity, state, sequence numbers and counters,
 * send application messages, reject one it does not support, log out and disconnect. Handed to every callback;
 * valid for the life of the session, on the thread that runs the application's callbacks only.
 *
 * <p><b>Sending</b> works like Aeron's {@code Publication.offer}: {@link #newMessage} writes the standard header
 * (BeginString, MsgType, CompIDs, MsgSeqNum, SendingTime) and returns the encoder for the body — put fields with
 * the tag/value {@link FixEncoder} or a typed encoder of {@code fixtape-codecs} ({@code encoder.wrap(session)});
 * {@link #send} then returns a positive number when the message was taken, or one of the negative codes below. A
 * refused message used no sequence number and was not journaled: build it again (or hold its request in a
 * {@link ReplyQueue}) and send later. {@code send} never blocks.
 *
 * <table>
 *   <caption>Negative results of {@link #send} and {@link #sendBusinessReject}</caption>
 *   <tr><th>code</th><th>meaning</th><th>what to do</th></tr>
 *   <tr><td>{@link #BACK_PRESSURED}</td><td>the connection's outbound buffer cannot take it now</td>
 *       <td>retry later ({@link ReplyQueue}); while {@link Application#isHoldingReplies()} answers true the engine
 *       stops reading the connection</td></tr>
 *   <tr><td>{@link #NOT_CONNECTED}</td><td>no connection</td><td>wait for {@link Application#onLogon}</td></tr>
 *   <tr><td>{@link #NOT_LOGGED_ON}</td><td>connected but not logged on</td>
 *       <td>wait for {@link Application#onLogon}</td></tr>
 *   <tr><td>{@link #STALE_MESSAGE}</td><td>the session sent another message between {@code newMessage} and
 *       {@code send}</td><td>build it again</td></tr>
 *   <tr><td>{@link #NO_MESSAGE}</td><td>{@code send} without {@code newMessage}</td><td>a bug</td></tr>
 *   <tr><td>{@link #STORE_FAILED}</td><td>the store refused the write (full disk, read-only journal); the session
 *       applied its {@code StoreFailurePolicy}</td><td>see the counters and the engine's error handler</td></tr>
 *   <tr><td>{@link #STORE_PAUSED}</td><td>paused on a store failure ({@code StoreFailurePolicy=pause})</td>
 *       <td>retry once the store writes again</td></tr>
 * </table>
 *
 * <p>During the session's own Logout a message is journaled and numbered but not written; the counterparty gets it
 * by ResendRequest after its next Logon. Under the fan-out acceptor models ({@code mono}, {@code pool},
 * {@code shard}) the application runs on its own thread and {@code send} hands the message to the session's worker:
 * a positive result then means "taken for the session" rather than the MsgSeqNum (see {@link #send}).
 */
public interface SessionHandle
{
    /** The connection cannot take the message now; nothing was journaled or numbered. Retry later. */
    long BACK_PRESSURED = -1;
    /** No connection is bound. */
    long NOT_CONNECTED = -2;
    /** Connected but not logged on (or the session is logging on): application messages are refused. */
    long NOT_LOGGED_ON = -3;
    /** The session sent another message between {@link #newMessage} and {@link #send}: build it again. */
    long STALE_MESSAGE = -4;
    /** {@link #send} without a preceding {@link #newMessage}. */
    long NO_MESSAGE = -5;
    /** The store could not journal the message: nothing was sent and the session applied its store-failure policy. */
    long STORE_FAILED = -6;
    /** The session is paused on a store failure: nothing journaled or sent. Retry once the store writes again. */
    long STORE_PAUSED = -7;

    /** BusinessRejectReason (380) 3: unsupported message type, for {@link #sendBusinessReject}. */
    int UNSUPPORTED_MESSAGE_TYPE = 3;

    /** {@return the session's BeginString, SenderCompID (ours), TargetCompID (theirs) and qualifier} */
    SessionId sessionId();

    /** {@return BeginString (8) of the session: {@code FIX.4.2}, {@code FIX.4.4}, {@code FIXT.1.1}, ...} */
    default String beginString()
    {
        return sessionId().beginString();
    }

    /** {@return our CompID: SenderCompID (49) of what we send} */
    default String senderCompId()
    {
        return sessionId().senderCompId();
    }

    /** {@return the counterparty's CompID: TargetCompID (56) of what we send} */
    default String targetCompId()
    {
        return sessionId().targetCompId();
    }

    /**
     * Logged on: Logons exchanged, and neither side's Logout yet. False from the application's own {@link #logout}
     * on.
     *
     * @return true while logged on.
     */
    boolean isLoggedOn();

    /**
     * MsgSeqNum of the next message the session sends. Under the fan-out acceptor models, the number the session's
     * worker published last (at least as recent as the event being handled; messages still on their way to the
     * worker are not counted).
     *
     * @return the next outgoing MsgSeqNum.
     */
    int nextSenderSeqNum();

    /**
     * {@return the MsgSeqNum the session expects next from the counterparty (as {@link #nextSenderSeqNum} under
     * fan-out)}
     */
    int nextTargetSeqNum();

    /**
     * Begin an application message of type {@code msgType} (packed as in {@code MsgTypes}, e.g.
     * {@code MsgTypes.EXECUTION_REPORT} or a typed encoder's {@code MESSAGE_TYPE}): the standard header is written;
     * put optional header fields (e.g. PossResend 97) first, then the body fields, then call {@link #send}.
     *
     * @param msgType the packed MsgType (35).
     * @return the encoder to write the body into, valid until {@link #send} or the next {@code newMessage}.
     */
    FixEncoder newMessage(long msgType);

    /**
     * SendingTime (52) of the message begun by the last {@link #newMessage}, in epoch nanoseconds of the engine
     * clock: use it for the message's own time fields (TransactTime) so that one message carries one reading of the
     * clock, which a replay with the recorded clock reproduces exactly.
     *
     * @return SendingTime of the message being built, epoch nanoseconds.
     */
    long sendingTimeNanos();

    /**
     * Send the message begun with {@link #newMessage}: framed, journaled (write-ahead) and written to the
     * connection, or refused whole.
     *
     * @return &gt; 0 when taken — the MsgSeqNum it went out with; under the fan-out acceptor models 1, the message
     * being handed to the session's worker, which numbers, journals and writes it —, or a negative code:
     * {@link #BACK_PRESSURED}, {@link #NOT_CONNECTED}, {@link #NOT_LOGGED_ON}, {@link #STALE_MESSAGE},
     * {@link #NO_MESSAGE}, {@link #STORE_FAILED}, {@link #STORE_PAUSED}.
     */
    long send();

    /**
     * Answer {@code message} with a BusinessMessageReject (35=j): RefSeqNum, RefMsgType, BusinessRejectReason
     * ({@link #UNSUPPORTED_MESSAGE_TYPE}, ...) and Text. On FIX.4.0 and 4.1, which have no 35=j, a session Reject.
     *
     * @param message              the message rejected.
     * @param businessRejectReason BusinessRejectReason (380).
     * @param text                 Text (58), or null.
     * @return as {@link #send}.
     */
    long sendBusinessReject(FixDecoder message, int businessRejectReason, CharSequence text);

    /**
     * Start the Logout handshake with {@code text} (58, may be null); the connection closes on the counterparty's
     * Logout or after the logout timeout. Messages sent after this are journaled and numbered, not written. Ignored
     * when not logged on; while logging on the connection is closed.
     *
     * @param text Text (58) of the Logout, or null.
     */
    void logout(CharSequence text);

    /** Close the connection now, without Logout (the counterparty sees the socket close). */
    void disconnect();

    /**
     * What happened on this session, counted. Written by the session's own thread; read from the application's
     * thread under the fan-out models (values may lag by the messages in flight).
     *
     * @return the session's counters, read-only.
     */
    SessionCountersView counters();

    /**
     * The name of a {@link #send} result: {@code "sent"} for a positive one, else the constant's name
     * ({@code "BACK_PRESSURED"}, ...); allocation-free for these. Anything else is {@code "UNKNOWN(<value>)"}.
     *
     * @param sendResult what {@link #send} (or {@link #sendBusinessReject}) returned.
     * @return its name.
     */
    static String describe(final long sendResult)
    {
        if (sendResult > 0)
        {
            return "sent";
        }
        switch (sendResult < STORE_PAUSED ? 0 : (int)sendResult)
        {
            case (int)BACK_PRESSURED:
                return "BACK_PRESSURED";
            case (int)NOT_CONNECTED:
                return "NOT_CONNECTED";
            case (int)NOT_LOGGED_ON:
                return "NOT_LOGGED_ON";
            case (int)STALE_MESSAGE:
                return "STALE_MESSAGE";
            case (int)NO_MESSAGE:
                return "NO_MESSAGE";
            case (int)STORE_FAILED:
                return "STORE_FAILED";
            case (int)STORE_PAUSED:
                return "STORE_PAUSED";
            default:
                return "UNKNOWN(" + sendResult + ")";
        }
    }
}
