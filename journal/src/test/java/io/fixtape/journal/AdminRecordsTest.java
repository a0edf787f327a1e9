package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Admin records: set-seq and reset are journaled as admin records whose body reads as Text and is intact; they are
 * applied at once, and by recovery when the process died between the append and the state update; readers of
 * messages can tell them apart by direction.
 */
class AdminRecordsTest
{
    private static final SessionId ID = new SessionId("FIX.4.4", "US", "THEM");

    @TempDir
    Path dir;

    @Test
    void setSequenceNumbersIsJournaledAndApplied()
    {
        try (Journal journal = Journal.open(new JournalContext().directory(dir).lowSpaceBytes(0)))
        {
            final int id = journal.registerSession(ID);
            journal.appendAdmin(ID, AdminRecords.SET_SEQUENCE_NUMBERS, 50, 30, 1_000_000_000L, "set by test");
            assertEquals(50, journal.nextSenderSeqNum(id));
            assertEquals(30, journal.nextTargetSeqNum(id));
        }
        try (JournalReader reader = new JournalReader(dir))
        {
            final JournalRecord record = new JournalRecord();
            assertTrue(reader.next(record));
            assertEquals(JournalRecordDescriptor.DIRECTION_ADMIN, record.direction());
            assertEquals("admin", JournalRecordDescriptor.directionName(record.direction()));
            assertEquals(AdminRecords.SET_SEQUENCE_NUMBERS, record.flags());
            assertEquals(50, record.seqNum());
            assertEquals(30, record.msgType());
            assertTrue(record.isIntact(), "its body carries a valid checksum");
            assertFalse(reader.next(record));
        }
        try (Journal reopened = Journal.open(new JournalContext().directory(dir).lowSpaceBytes(0)))
        {
            final int id = reopened.registerSession(ID);
            assertEquals(50, reopened.nextSenderSeqNum(id));
            assertEquals(30, reopened.nextTargetSeqNum(id));
        }
    }

    @Test
    void recoveryAppliesAnAdminRecordTheStateDidNotGet()
    {
        try (Journal journal = Journal.open(new JournalContext().directory(dir).lowSpaceBytes(0)))
        {
            final int id = journal.registerSession(ID);
            // the record alone, as if the command died right after appending it
            final byte[] body = AdminRecords.body("set-seq cut short");
            journal.append(id, JournalRecordDescriptor.DIRECTION_ADMIN, 7, AdminRecords.SET_SEQUENCE_NUMBERS,
                1_000_000_000L, 9, new UnsafeBuffer(body), 0, body.length);
            assertEquals(1, journal.nextSenderSeqNum(id));
        }
        try (Journal reopened = Journal.open(new JournalContext().directory(dir).lowSpaceBytes(0)))
        {
            final int id = reopened.registerSession(ID);
            assertEquals(7, reopened.nextSenderSeqNum(id));
            assertEquals(9, reopened.nextTargetSeqNum(id));
            reopened.appendAdmin(ID, AdminRecords.RESET, 1, 1, 2_000_000_000L, "reset by test");
            assertEquals(1, reopened.nextSenderSeqNum(id));
            assertEquals(1, reopened.nextTargetSeqNum(id));
            assertEquals(2, reopened.sequenceStateSince(id));
        }
    }

    @Test
    void aLostSequenceStateIsRebuiltWithTheOperatorsChange() throws java.io.IOException
    {
        try (Journal journal = Journal.open(new JournalContext().directory(dir).lowSpaceBytes(0)))
        {
            journal.registerSession(ID);
            journal.appendAdmin(ID, AdminRecords.SET_SEQUENCE_NUMBERS, 40, 25, 1_000_000_000L, "set by test");
        }
        java.nio.file.Files.delete(dir.resolve("state").resolve(SeqStateFile.FILE_NAME));
        try (Journal reopened = Journal.open(new JournalContext().directory(dir).lowSpaceBytes(0)))
        {
            final int id = reopened.registerSession(ID);
            assertEquals(1, reopened.stateRebuilds());
            assertEquals(40, reopened.nextSenderSeqNum(id), "the admin record's numbers, not the flags read as PossDup");
            assertEquals(25, reopened.nextTargetSeqNum(id));
        }
    }
}
