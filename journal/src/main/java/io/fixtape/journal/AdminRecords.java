package io.fixtape.journal;

import org.agrona.concurrent.UnsafeBuffer;

import java.nio.charset.StandardCharsets;

/**
 * Admin records: an operator's change to a stopped engine's sequence state ({@code fixtape session set-seq} and
 * {@code reset}), journaled like a message so that the journal says who changed what and when, and applied to the
 * sequence state at once and again by recovery (a command that died between the append and the state update).
 *
 * <p>Layout: the record header of {@link JournalRecordDescriptor} with direction {@link
 * JournalRecordDescriptor#DIRECTION_ADMIN}, flags = the action ({@link #SET_SEQUENCE_NUMBERS} or {@link #RESET}),
 * MsgSeqNum = the next sender number set, the MsgType field = the next target number set, the timestamp = the
 * wall clock at the change; the body is {@code 58=<what was done>|10=nnn|} with a valid checksum, so the tools show
 * it as text and count it intact. Readers of messages skip the direction.
 */
public final class AdminRecords
{
    /** Both next sequence numbers set. */
    public static final int SET_SEQUENCE_NUMBERS = 1;
    /** Sequence numbers back to 1, the resend index cleared (nothing before can be resent). */
    public static final int RESET = 2;

    private AdminRecords()
    {
    }

    /** The record body: {@code 58=text SOH 10=nnn SOH}. */
    static byte[] body(final String text)
    {
        final byte[] field = ("58=" + text.replace('\u0001', ' ') + "\u0001").getBytes(StandardCharsets.US_ASCII);
        int sum = 0;
        for (final byte b : field)
        {
            sum += b & 0xFF;
        }
        final String trailer = String.format("10=%03d\u0001", sum % 256);
        final byte[] out = new byte[field.length + trailer.length()];
        System.arraycopy(field, 0, out, 0, field.length);
        System.arraycopy(trailer.getBytes(StandardCharsets.US_ASCII), 0, out, field.length, trailer.length());
        return out;
    }

    /**
     * Append the action and apply it.
     *
     * @return the record's queue index.
     */
    static long appendAndApply(final Journal journal, final SeqStateFile state, final ResendIndexes indexes,
        final int sessionId, final int action, final int nextSender, final int nextTarget, final long epochNanos,
        final String text)
    {
        final byte[] body = body(text);
        final long index = journal.append(sessionId, JournalRecordDescriptor.DIRECTION_ADMIN, nextSender, action,
            epochNanos, nextTarget, new UnsafeBuffer(body), 0, body.length);
        apply(state, indexes, sessionId, action, nextSender, nextTarget, epochNanos);
        state.coveredIndex(index);
        return index;
    }

    /** Recovery's and the command's one way of applying an admin record. */
    static void apply(final JournalRecord record, final SeqStateFile state, final ResendIndexes indexes)
    {
        apply(state, indexes, record.sessionId(), record.flags(), record.seqNum(), (int)record.msgType(),
            record.timestampNanos());
    }

    private static void apply(final SeqStateFile state, final ResendIndexes indexes, final int sessionId,
        final int action, final int nextSender, final int nextTarget, final long epochNanos)
    {
        state.initialise(sessionId);
        if (action == RESET)
        {
            state.resetSequenceNumbers(sessionId);
            state.creationSeconds(sessionId, Math.max(1, epochNanos / 1_000_000_000L));
            final ResendIndex index = indexes.find(sessionId);
            if (index != null)
            {
                index.clear();
            }
        }
        else if (action == SET_SEQUENCE_NUMBERS)
        {
            state.nextSender(sessionId, nextSender);
            state.nextTarget(sessionId, nextTarget);
        }
    }
}
