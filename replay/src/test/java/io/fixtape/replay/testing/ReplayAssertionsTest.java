package io.fixtape.replay.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import io.fixtape.apps.ExecApplication;
import io.fixtape.replay.drive.ReplayDiff;
import io.fixtape.replay.drive.ReplayOptions;
import io.fixtape.replay.drive.TransportKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a user's test says "this recording must replay identically through my application": a pass, a failure that
 * lists the differences, and a known difference skipped by option.
 */
class ReplayAssertionsTest
{
    @TempDir
    Path dir;

    private Path fixture() throws IOException
    {
        final Path copy = dir.resolve("fix44-exec");
        for (final String file : List.of("sessions.registry", "queue/metadata.cq4t", "queue/20261202F.cq4"))
        {
            final Path target = copy.resolve(file);
            Files.createDirectories(target.getParent());
            try (InputStream in = getClass().getResourceAsStream("/fixtures/fix44-exec/" + file))
            {
                Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return copy;
    }

    @Test
    void theRecordedApplicationReplaysIdentically() throws IOException
    {
        final ReplayDiff diff = ReplayAssertions.assertReplaysIdentically(fixture(),
            () -> new ExecApplication("FIX.4.4", () -> 0L));
        assertTrue(diff.isClean());
        assertEquals(1, diff.sessions().size());
        assertTrue(diff.sessions().get(0).report.recordedMessages >= 20);
    }

    @Test
    void aDifferenceFailsTheTestAndSaysWhere() throws IOException
    {
        final Path recording = fixture();
        final AssertionError failure = assertThrows(AssertionError.class, () ->
            ReplayAssertions.assertReplaysIdentically(recording,
                (sessionId, clock) -> new ExecApplication(sessionId.beginString(), clock).firstOrderId(1001),
                new ReplayOptions().transport(TransportKind.TCP)));
        assertTrue(failure.getMessage().contains("did not replay identically (tcp)"), failure.getMessage());
        assertTrue(failure.getMessage().contains("seq=2 MsgType=8 tag=37 recorded=\"1\" replayed=\"1001\""),
            failure.getMessage());

        final ReplayDiff skipped = ReplayAssertions.assertReplaysIdentically(recording,
            (sessionId, clock) -> new ExecApplication(sessionId.beginString(), clock).firstOrderId(1001),
            new ReplayOptions().ignore("8:37"));
        assertTrue(skipped.isClean(), "OrderID skipped in ExecutionReports: " + skipped.describe(5));
    }
}
