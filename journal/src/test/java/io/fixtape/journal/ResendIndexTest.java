package io.fixtape.journal;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The resend index's mappings, as the kernel lists them ({@code VmFlags} in /proc/self/smaps): the mapping the first
 * put makes and the one a growth remap makes are advised for random access ({@code rr}: a fault in a hole maps one
 * page instead of reading around it); the mapping of a file that exists at open is not (the scan at open reads it
 * sequentially). Entries survive the remaps, the reopen and a reset either way, and so does the reset mark; a file
 * left empty (created, never sized) has no mark.
 */
class ResendIndexTest
{
    private static final int CAPACITY = 1024;

    @TempDir
    Path dir;

    @Test
    void mappingsMadeByPutsAreAdvisedForRandomAccess() throws IOException
    {
        assumeTrue(PagePopulator.advises(), "no POSIX layer: the kernel's default read-around applies");
        final Path file = dir.resolve("7" + ResendIndexes.SUFFIX);
        try (ResendIndex index = new ResendIndex(file, CAPACITY))
        {
            assertFalse(Files.exists(file), "created by the first put");
            assertEquals(List.of(), vmFlags(file));
            index.put(1, 11L);
            assertEquals((long)CAPACITY * Long.BYTES, Files.size(file));
            assertEquals(List.of(true), randomAdvice(file), "the mapping the first put made");
            index.put(5 * CAPACITY, 22L);
            assertEquals(8L * CAPACITY * Long.BYTES, Files.size(file), "doubled three times");
            assertEquals(List.of(true), randomAdvice(file), "the growth remap, the only mapping left");
            assertEquals(11L, index.get(1));
            assertEquals(22L, index.get(5 * CAPACITY));
            assertEquals(0L, index.get(2));
        }
        assertEquals(List.of(), vmFlags(file), "unmapped on close");
        try (ResendIndex reopened = new ResendIndex(file, CAPACITY))
        {
            assertEquals(List.of(false), randomAdvice(file), "an existing file keeps read-ahead for the scan at open");
            reopened.scanOldest(5 * CAPACITY + 1);
            assertEquals(11L, reopened.oldest());
            assertEquals(11L, reopened.get(1));
            assertEquals(22L, reopened.get(5 * CAPACITY));
            reopened.put(16 * CAPACITY, 33L);
            assertEquals(List.of(true), randomAdvice(file), "a growth remap of a file opened at start");
            assertEquals(11L, reopened.get(1));
            assertEquals(33L, reopened.get(16 * CAPACITY));
            reopened.reset(40L);
            assertEquals(0L, reopened.get(16 * CAPACITY), "at or below the reset's index: an earlier sequence");
            reopened.put(2, 41L);
            assertEquals(41L, reopened.get(2));
        }
    }

    @Test
    void theResetMarkHoldsAcrossReopenAndGrowthAndAnEmptyFileHasNone() throws IOException
    {
        final Path file = dir.resolve("8" + ResendIndexes.SUFFIX);
        try (ResendIndex index = new ResendIndex(file, CAPACITY))
        {
            index.put(1, 100L);
            index.put(2, 101L);
            index.reset(101L);
            index.put(1, 102L);
        }
        try (ResendIndex reopened = new ResendIndex(file, CAPACITY))
        {
            assertEquals(102L, reopened.get(1), "put after the reset");
            assertEquals(0L, reopened.get(2), "at the reset mark: an earlier sequence");
            reopened.put(3 * CAPACITY, 103L);
            assertEquals(0L, reopened.get(2), "the remap reads the mark back");
            assertEquals(103L, reopened.get(3 * CAPACITY));
        }

        final Path empty = dir.resolve("9" + ResendIndexes.SUFFIX);
        Files.createFile(empty); // a crash between creating the file and sizing it
        try (ResendIndex index = new ResendIndex(empty, CAPACITY))
        {
            assertEquals(0L, index.get(1));
            index.put(1, 7L);
            assertEquals((long)CAPACITY * Long.BYTES, Files.size(empty));
            assertEquals(7L, index.get(1), "no reset mark in a file that was empty");
        }
    }

    /** Whether each mapping of {@code file} has the random-access advice. */
    private static List<Boolean> randomAdvice(final Path file) throws IOException
    {
        final List<Boolean> advice = new ArrayList<>();
        for (final List<String> flags : vmFlags(file))
        {
            advice.add(flags.contains("rr"));
        }
        return advice;
    }

    /** The VmFlags of each mapping of {@code file} in this process, in address order. */
    private static List<List<String>> vmFlags(final Path file) throws IOException
    {
        final String name = " " + file.toAbsolutePath();
        final List<List<String>> mappings = new ArrayList<>();
        boolean inMapping = false;
        for (final String line : Files.readAllLines(Path.of("/proc/self/smaps")))
        {
            if (line.matches("^[0-9a-f]+-[0-9a-f]+ .*"))
            {
                inMapping = line.endsWith(name);
            }
            else if (inMapping && line.startsWith("VmFlags:"))
            {
                mappings.add(List.of(line.substring("VmFlags:".length()).trim().split("\\s+")));
                inMapping = false;
            }
        }
        return mappings;
    }
}
