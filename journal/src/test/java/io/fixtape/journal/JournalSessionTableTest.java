package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The session registry grows by appended lines; a line torn by a crash mid-append is dropped on the next open. */
class JournalSessionTableTest
{
    @Test
    void registrationsAppendLinesAndATornLastLineIsDropped(@TempDir final Path dir) throws Exception
    {
        final JournalSessionTable table = JournalSessionTable.open(dir, false);
        for (int i = 1; i <= 3; i++)
        {
            assertEquals(i, table.register(new SessionId("FIX.4.4", "EXEC", "C" + i)));
        }
        final Path file = dir.resolve(JournalSessionTable.FILE_NAME);
        assertEquals(4, Files.readAllLines(file).size(), "a header and one line per session");
        Files.writeString(file, "4\tFIX.4.4\tEX", StandardOpenOption.APPEND); // a crash in the middle of an append

        final JournalSessionTable reopened = JournalSessionTable.open(dir, false);
        assertEquals(List.of(1, 2, 3), reopened.ids());
        assertEquals(new SessionId("FIX.4.4", "EXEC", "C2"), reopened.sessionOf(2));
        assertEquals(4, reopened.register(new SessionId("FIX.4.4", "EXEC", "C4")));
        assertEquals(5, reopened.register(new SessionId("FIX.4.4", "EXEC", "C5")));
        final String text = Files.readString(file);
        assertTrue(text.endsWith("5\tFIX.4.4\tEXEC\tC5\t\n") && !text.contains("\tEX\n") && !text.contains("EX4"), text);
        assertEquals(List.of(1, 2, 3, 4, 5), JournalSessionTable.open(dir, true).ids());
    }
}
