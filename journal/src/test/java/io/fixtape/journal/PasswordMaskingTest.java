package io.fixtape.journal;

import io.fixtape.engine.codec.Checksum;
import io.fixtape.engine.session.SessionId;
import io.fixtape.engine.store.MessageStore;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Passwords never reach the journal unless asked: Logon and UserRequest records carry asterisks of the same length in
 * 554/925 with a recomputed CheckSum (still valid FIX), other messages and the session's own buffer are untouched;
 * {@code JournalMaskPasswords=N} journals them as received.
 */
class PasswordMaskingTest
{
    private static final SessionId S1 = new SessionId("FIX.4.4", "US", "THEM");

    @TempDir
    Path dir;

    private List<String> journal(final boolean mask, final String... typeAndBody)
    {
        final JournalContext context = new JournalContext().directory(dir).mode(JournalMode.AUDIT).lowSpaceBytes(0);
        if (!mask)
        {
            context.applySetting(JournalContext.KEY_MASK_PASSWORDS, "N");
        }
        final List<UnsafeBuffer> sent = new ArrayList<>();
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(context))
        {
            final MessageStore store = factory.create(S1);
            for (int i = 0; i < typeAndBody.length; i += 2)
            {
                final UnsafeBuffer b = Fix.buffer(Fix.message("FIX.4.4", typeAndBody[i], i + 1, typeAndBody[i + 1]));
                store.onInbound(i + 1, Fix.type(typeAndBody[i]), 0, 1_000L, b, 0, b.capacity());
                sent.add(b);
            }
        }
        for (final UnsafeBuffer b : sent)
        {
            assertFalse(b.getStringWithoutLengthAscii(0, b.capacity()).contains("554=*"), "the caller's bytes untouched");
        }
        final List<String> records = new ArrayList<>();
        try (JournalReader reader = new JournalReader(dir))
        {
            final JournalRecord r = new JournalRecord();
            while (reader.next(r))
            {
                records.add(r.fixAsString());
            }
        }
        return records;
    }

    @Test
    void logonAndUserRequestPasswordsAreMaskedByDefaultAndStayValidFix()
    {
        final List<String> records = journal(true,
            "A", "98=0|108=30|553=trader|554=hunter2|925=n3wpass|",
            "BE", "923=R1|924=3|553=trader|554=hunter2|925=n3wpass|",
            "D", "11=ORD1|554=not-a-password-here|");
        assertTrue(records.get(0).contains("\u0001553=trader\u0001554=*******\u0001925=*******\u0001"), records.get(0));
        assertTrue(records.get(1).contains("\u0001554=*******\u0001925=*******\u0001"), records.get(1));
        assertTrue(records.get(2).contains("554=not-a-password-here"), "only Logon and UserRequest are touched");
        for (final String record : records)
        {
            assertFalse(record.contains("hunter2") || record.contains("n3wpass"), record);
            final UnsafeBuffer bytes = Fix.buffer(record);
            final int checksumAt = record.lastIndexOf("\u000110=") + 1;
            assertEquals(Checksum.compute(bytes, 0, checksumAt) , Integer.parseInt(record.substring(checksumAt + 3,
                checksumAt + 6)), "CheckSum recomputed: " + record);
        }
    }

    @Test
    void journalMaskPasswordsNKeepsThemAsReceived()
    {
        final List<String> records = journal(false, "A", "98=0|108=30|553=trader|554=hunter2|");
        assertTrue(records.get(0).contains("\u0001554=hunter2\u0001"), records.get(0));
    }
}
