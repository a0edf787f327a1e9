package io.fixtape.engine.codec;

import org.agrona.UnsafeApi;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;

/**
 * Direct buffers whose pages become resident only when written. {@code ByteBuffer.allocateDirect} zeroes the whole
 * buffer, which makes every page resident at once: a session's two encode buffers (MaxMessageSize each) and its
 * connection's outbound buffer (OutboundBufferSize, 1 MiB by default) would cost over 1 MiB of resident memory per
 * session even while it only heartbeats. Here the memory comes from {@code malloc} without zeroing: a buffer
 * written from its start (as encoders and the outbound queue are) costs only the pages it has actually held, and
 * thousands of idle sessions cost little. The memory is freed when the buffer becomes unreachable (a
 * {@link Cleaner}). Contents are undefined until written, which no user of these buffers reads.
 *
 * <p>A {@link ByteBuffer} over such memory needs {@code java.nio} opened to this code (the JVM flags fixtape runs
 * with); without it {@link #byteBuffer} falls back to {@code allocateDirect}. Configuration or connection time,
 * never per message.
 */
public final class UntouchedMemory
{
    private static final Cleaner CLEANER = Cleaner.create();
    private static final MethodHandle DIRECT_BUFFER = directBufferConstructor();

    private UntouchedMemory()
    {
    }

    /** A direct buffer of {@code capacity} bytes, resident only as it is written; freed with the buffer. */
    public static ByteBuffer byteBuffer(final int capacity)
    {
        if (DIRECT_BUFFER == null || capacity <= 0)
        {
            return ByteBuffer.allocateDirect(capacity);
        }
        final long address = UnsafeApi.allocateMemory(capacity);
        final ByteBuffer buffer;
        try
        {
            buffer = (ByteBuffer)DIRECT_BUFFER.invoke(address, capacity);
        }
        catch (final Throwable t)
        {
            UnsafeApi.freeMemory(address);
            return ByteBuffer.allocateDirect(capacity);
        }
        CLEANER.register(buffer, new Free(address));
        return buffer;
    }

    /** Whether {@link #byteBuffer} leaves the pages untouched here (false: it zeroes them, as allocateDirect does). */
    public static boolean isAvailable()
    {
        return DIRECT_BUFFER != null;
    }

    /** The JDK's own constructor for JNI's NewDirectByteBuffer: (long, int) up to JDK 20, (long, long) from 21. */
    private static MethodHandle directBufferConstructor()
    {
        try
        {
            final Class<?> type = Class.forName("java.nio.DirectByteBuffer");
            final MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
            for (final Class<?> capacityType : new Class<?>[] {long.class, int.class})
            {
                try
                {
                    final MethodHandle constructor = lookup.findConstructor(type,
                        MethodType.methodType(void.class, long.class, capacityType));
                    return MethodHandles.explicitCastArguments(constructor,
                        MethodType.methodType(Object.class, long.class, int.class));
                }
                catch (final NoSuchMethodException ignore)
                {
                    // try the other signature
                }
            }
            return null;
        }
        catch (final ReflectiveOperationException | RuntimeException ex)
        {
            return null; // java.nio not opened to us: allocateDirect it is
        }
    }

    /** Frees the memory of a buffer that became unreachable; holds no reference to the buffer. */
    private static final class Free implements Runnable
    {
        private final long address;

        Free(final long address)
        {
            this.address = address;
        }

        @Override
        public void run()
        {
            UnsafeApi.freeMemory(address);
        }
    }
}
