package io.fixtape.journal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Another process holding a journal's retention lock (as a second engine or tool on the same directory would):
 * takes the lock on the file named by its argument, prints "locked", and keeps it until its standard input closes.
 */
public final class RetentionLockHolder
{
    private RetentionLockHolder()
    {
    }

    public static void main(final String[] args) throws IOException
    {
        try (FileChannel channel = FileChannel.open(Path.of(args[0]), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.lock())
        {
            System.out.println(lock.isValid() ? "locked" : "not locked");
            System.out.flush();
            while (System.in.read() != -1)
            {
                // hold the lock until the test closes our standard input
            }
        }
    }
}
