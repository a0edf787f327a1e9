package io.fixtape.journal;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Exclusive ownership of a journal directory by one live engine: an OS file lock on {@value #FILE_NAME} (released
 * by the kernel when the holder dies, so a {@code kill -9} leaves no stale lock) whose content names the holder as
 * {@code pid@host}. A second engine is refused with the holder's pid, host and liveness. Not thread safe.
 */
public final class JournalLock implements AutoCloseable
{
    public static final String FILE_NAME = "journal.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private JournalLock(final FileChannel channel, final FileLock lock)
    {
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the lock or throws {@link JournalLockedException} naming the holder. */
    public static JournalLock acquire(final Path journalDir)
    {
        final Path file = journalDir.resolve(FILE_NAME);
        FileChannel channel = null;
        try
        {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock lock;
            try
            {
                lock = channel.tryLock();
            }
            catch (final OverlappingFileLockException ex)
            {
                lock = null;
            }
            if (lock == null)
            {
                final String holder = readHolder(channel);
                channel.close();
                throw new JournalLockedException(journalDir, holder, describeLiveness(holder));
            }
            final byte[] me = (ProcessHandle.current().pid() + "@" + hostName() + "\n").getBytes(StandardCharsets.US_ASCII);
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(me), 0);
            channel.force(false);
            return new JournalLock(channel, lock);
        }
        catch (final IOException ex)
        {
            closeQuietly(channel);
            throw new JournalException("cannot lock journal directory " + journalDir + " (" + file + "): " + ex, ex);
        }
    }

    /** The {@code pid@host} recorded in a directory's lock file, or null if none. For tools. */
    public static String holderOf(final Path journalDir)
    {
        final Path file = journalDir.resolve(FILE_NAME);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ))
        {
            return readHolder(channel);
        }
        catch (final IOException ex)
        {
            return null;
        }
    }

    private static String readHolder(final FileChannel channel) throws IOException
    {
        final ByteBuffer buffer = ByteBuffer.allocate(256);
        channel.read(buffer, 0);
        buffer.flip();
        return StandardCharsets.US_ASCII.decode(buffer).toString().trim();
    }

    private static String describeLiveness(final String holder)
    {
        final int at = holder.indexOf('@');
        if (at <= 0)
        {
            return "holder unknown";
        }
        final String host = holder.substring(at + 1);
        if (!host.equals(hostName()))
        {
            return "on another host";
        }
        try
        {
            final long pid = Long.parseLong(holder.substring(0, at));
            if (pid == ProcessHandle.current().pid())
            {
                return "this process";
            }
            return ProcessHandle.of(pid).map(p -> p.isAlive() ? "alive" : "not alive").orElse("not alive");
        }
        catch (final NumberFormatException ex)
        {
            return "holder unknown";
        }
    }

    static String hostName()
    {
        try
        {
            return InetAddress.getLocalHost().getHostName();
        }
        catch (final IOException ex)
        {
            return "localhost";
        }
    }

    private static void closeQuietly(final FileChannel channel)
    {
        if (channel != null)
        {
            try
            {
                channel.close();
            }
            catch (final IOException ignore)
            {
                // already failing with the more useful exception
            }
        }
    }

    @Override
    public void close()
    {
        try
        {
            lock.release();
            channel.close();
        }
        catch (final IOException ex)
        {
            throw new JournalException("cannot release journal lock: " + ex, ex);
        }
    }

    /** The directory is held by another engine. */
    public static final class JournalLockedException extends JournalException
    {
        private static final long serialVersionUID = 1L;
        private final String holder;

        JournalLockedException(final Path dir, final String holder, final String liveness)
        {
            super("journal directory " + dir + " is held by another engine: pid@host " +
                (holder.isEmpty() ? "(unknown)" : holder) + " (" + liveness + "); stop it or use another JournalPath");
            this.holder = holder;
        }

        /** {@code pid@host} of the holder as written in its lock file. */
        public String holder()
        {
            return holder;
        }
    }
}
