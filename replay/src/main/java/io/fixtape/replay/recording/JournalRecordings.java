package io.fixtape.replay.recording;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.MsgTypes;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStore;
import io.fixtape.journal.Journal;
import io.fixtape.journal.JournalContext;
import io.fixtape.journal.JournalMode;
import io.fixtape.journal.JournalReader;
import io.fixtape.journal.JournalRecord;
import io.fixtape.journal.JournalRecordDescriptor;
import io.fixtape.replay.capture.FixFields;
import org.agrona.DirectBuffer;

/**
 * The bridge between fixtape journals and {@link Recordings}: {@link #load} reads a journal directory (every
 * session, both directions, in journal order) into memory for replay; {@link #writer} is a {@link RecordingSink}
 * that appends imported messages to a new journal in {@code audit} form (session registry, direction, MsgSeqNum,
 * flags, MsgType and the raw bytes, with the captured timestamp).
 */
public final class JournalRecordings
{
    private JournalRecordings()
    {
    }

    /** Every session in the journal at {@code directory}, in order of first appearance. */
    public static Recordings load(final Path directory)
    {
        final Recordings recordings = new Recordings();
        try (JournalReader reader = new JournalReader(directory))
        {
            final JournalRecord record = new JournalRecord();
            final Map<Integer, SessionId> sessions = new HashMap<>();
            while (reader.next(record))
            {
                if (record.direction() == JournalRecordDescriptor.DIRECTION_ADMIN)
                {
                    continue; // an operator's sequence-state change, not a message of the session
                }
                final SessionId session = sessions.computeIfAbsent(record.sessionId(), id -> reader.registry().sessionOf(id));
                if (session == null)
                {
                    continue; // a record of a session the registry does not know: nothing to attribute it to
                }
                recordings.onMessage(session, record.direction() == JournalRecordDescriptor.DIRECTION_IN,
                    record.timestampNanos(), record.buffer(), record.fixOffset(), record.fixLength());
            }
        }
        return recordings;
    }

    /** A sink appending to a (new or existing) journal at {@code directory}; close it to release the journal. */
    public static RecordingSink writer(final Path directory)
    {
        return writer(new JournalContext().directory(directory));
    }

    /** As {@link #writer(Path)} with journal settings (e.g. a small block size for test fixtures); mode is audit. */
    public static RecordingSink writer(final JournalContext context)
    {
        return new Writer(Journal.open(context.mode(JournalMode.AUDIT)));
    }

    private static final class Writer implements RecordingSink
    {
        private final Journal journal;
        private final Map<SessionId, Integer> ids = new HashMap<>();
        private final FixDecoder decoder = new FixDecoder();

        Writer(final Journal journal)
        {
            this.journal = journal;
        }

        @Override
        public void onMessage(final SessionId session, final boolean inbound, final long timestampNanos,
            final DirectBuffer buffer, final int offset, final int length)
        {
            final int id = ids.computeIfAbsent(session, journal::registerSession);
            decoder.wrap(buffer, offset, length);
            final long msgType = decoder.msgType();
            int flags = MsgTypes.isAdmin(msgType) ? MessageStore.FLAG_ADMIN : 0;
            if ("Y".equals(FixFields.string(decoder, 43)))
            {
                flags |= MessageStore.FLAG_POSS_DUP;
            }
            if (msgType == MsgTypes.SEQUENCE_RESET && "Y".equals(FixFields.string(decoder, 123)))
            {
                flags |= MessageStore.FLAG_GAP_FILL;
            }
            journal.append(id, inbound ? JournalRecordDescriptor.DIRECTION_IN : JournalRecordDescriptor.DIRECTION_OUT,
                Math.max(0, FixFields.seqNum(decoder)), flags, timestampNanos, msgType, buffer, offset, length);
        }

        @Override
        public void close()
        {
            journal.close();
        }
    }
}
