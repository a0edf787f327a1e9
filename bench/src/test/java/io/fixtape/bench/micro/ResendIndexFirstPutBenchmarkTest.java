package io.fixtape.bench.micro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * ResendIndexFirstPutBenchmark without measuring: each variant runs a batch of fresh sessions on a real journal in a
 * temp dir and leaves one resend index per session of the size it promises (first, next: the initial 65,536
 * entries, created by the measured message or by the setup; grow: doubled by the measured message); a journal is
 * replaced by a fresh one once it holds its share of sessions, and tear-down removes the directory.
 */
class ResendIndexFirstPutBenchmarkTest
{
    private static final long INITIAL_BYTES = 65_536L * Long.BYTES;
    private static final int SESSIONS = ResendIndexFirstPutBenchmark.SESSIONS;

    @Test
    void everyVariantLeavesOneIndexPerSessionOfTheSizeItPromises() throws IOException
    {
        for (final String put : List.of("first", "next", "grow"))
        {
            final ResendIndexFirstPutBenchmark.Batch batch = new ResendIndexFirstPutBenchmark.Batch();
            batch.put = put;
            batch.setUp();
            batch.sessions();
            final Path directory = batch.directory();
            try
            {
                assertEquals(put.equals("first") ? List.of() : List.of(INITIAL_BYTES), indexSizes(directory),
                    put + ": before the measured message");
                assertEquals(put.equals("first") ? 0 : SESSIONS, indexCount(directory), put);
                batch.storeAll();
                assertEquals(List.of(put.equals("grow") ? 2 * INITIAL_BYTES : INITIAL_BYTES), indexSizes(directory),
                    put + ": after the measured message");
                assertEquals(SESSIONS, indexCount(directory), put);
                if (put.equals("first"))
                {
                    for (int batches = 1; batches < ResendIndexFirstPutBenchmark.Batch.SESSIONS_PER_JOURNAL / SESSIONS;
                        batches++)
                    {
                        batch.sessions();
                        batch.storeAll();
                    }
                    assertEquals(ResendIndexFirstPutBenchmark.Batch.SESSIONS_PER_JOURNAL, indexCount(directory));
                    batch.sessions();
                    assertNotEquals(directory, batch.directory(), "a full journal is replaced");
                    assertFalse(Files.exists(directory), "and removed");
                }
            }
            finally
            {
                batch.tearDown();
            }
            assertFalse(Files.exists(batch.directory()), put + ": temp journal removed");
        }
    }

    /** The distinct sizes of the journal's resend index files. */
    private static List<Long> indexSizes(final Path journal) throws IOException
    {
        try (Stream<Path> files = indexes(journal))
        {
            return files.map(file -> file.toFile().length()).distinct().collect(Collectors.toList());
        }
    }

    private static long indexCount(final Path journal) throws IOException
    {
        try (Stream<Path> files = indexes(journal))
        {
            return files.count();
        }
    }

    private static Stream<Path> indexes(final Path journal) throws IOException
    {
        return Files.list(journal.resolve("state")).filter(file -> file.toString().endsWith(".out.idx"));
    }
}
