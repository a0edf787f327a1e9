package io.fixtape.engine.codec;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Buffers reserved at full size whose pages become resident only when written (the JVM flags open java.nio). */
class UntouchedMemoryTest
{
    private static final int MIB = 1024 * 1024;

    private static long residentKiB() throws IOException
    {
        for (final String line : Files.readAllLines(Path.of("/proc/self/status")))
        {
            if (line.startsWith("VmRSS:"))
            {
                return Long.parseLong(line.replaceAll("[^0-9]", ""));
            }
        }
        throw new IllegalStateException("no VmRSS");
    }

    @Test
    void onlyWrittenPagesBecomeResident() throws IOException
    {
        assertTrue(UntouchedMemory.isAvailable(), "java.nio is opened by the project's JVM flags");
        final long before = residentKiB();
        final ByteBuffer[] buffers = new ByteBuffer[64];
        for (int i = 0; i < buffers.length; i++)
        {
            buffers[i] = UntouchedMemory.byteBuffer(MIB);
            buffers[i].putLong(0, i); // one page of each, as an idle connection's first Heartbeat would
        }
        final long grewKiB = residentKiB() - before;
        for (int i = 0; i < buffers.length; i++)
        {
            assertTrue(buffers[i].isDirect());
            assertEquals(MIB, buffers[i].capacity());
            assertEquals(i, buffers[i].getLong(0));
            buffers[i].putLong(MIB - 8, -i); // the whole capacity is usable
            assertEquals(-i, buffers[i].getLong(MIB - 8));
        }
        // 64 MiB reserved; zeroed buffers would have made all of it resident
        assertTrue(grewKiB < 16 * 1024, "resident growth for 64 x 1 MiB buffers, one page written each: " + grewKiB + " KiB");
    }
}
