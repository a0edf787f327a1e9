package io.fixtape.replay.drive;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What the replayed engine has done, published after each of its duty cycles for the replay thread to decide,
 * by work count rather than by elapsed time, that a replay is complete ({@link Replayer}): duty cycles run, the
 * last one that did work, inbound messages handed to the engine (or skipped with their ended connection) and bytes
 * the engine wrote into the transport.
 *
 * <p>Threading: written by the one thread that steps the engine (the replay thread for {@code inproc}, the engine
 * agent otherwise) with release stores; read by the replay thread with acquire loads. {@link #lastWorkCycle} is
 * stored before {@link #cycles}, so a reader that loads {@code cycles} first and then {@code lastWorkCycle} sees
 * the work of every cycle it counted. Allocation-free.
 */
final class EngineActivity
{
    private static final VarHandle CYCLES;
    private static final VarHandle LAST_WORK_CYCLE;
    private static final VarHandle DELIVERED;
    private static final VarHandle WRITTEN_BYTES;

    static
    {
        try
        {
            final MethodHandles.Lookup lookup = MethodHandles.lookup();
            CYCLES = lookup.findVarHandle(EngineActivity.class, "cycles", long.class);
            LAST_WORK_CYCLE = lookup.findVarHandle(EngineActivity.class, "lastWorkCycle", long.class);
            DELIVERED = lookup.findVarHandle(EngineActivity.class, "delivered", int.class);
            WRITTEN_BYTES = lookup.findVarHandle(EngineActivity.class, "writtenBytes", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private long ownerCycles; // the stepping thread's own copy (no load of the shared field per cycle)
    @SuppressWarnings("unused") private long cycles;
    @SuppressWarnings("unused") private long lastWorkCycle;
    @SuppressWarnings("unused") private int delivered;
    @SuppressWarnings("unused") private long writtenBytes;

    /** After one duty cycle of the engine (stepping thread only). */
    void onDutyCycle(final int work, final int delivered, final long writtenBytes)
    {
        final long cycle = ++ownerCycles;
        DELIVERED.setRelease(this, delivered);
        WRITTEN_BYTES.setRelease(this, writtenBytes);
        if (work > 0)
        {
            LAST_WORK_CYCLE.setRelease(this, cycle);
        }
        CYCLES.setRelease(this, cycle);
    }

    /** Duty cycles completed. */
    long cycles()
    {
        return (long)CYCLES.getAcquire(this);
    }

    /** The last duty cycle that reported work (0: none yet). Load after {@link #cycles()}. */
    long lastWorkCycle()
    {
        return (long)LAST_WORK_CYCLE.getAcquire(this);
    }

    /** Inbound messages the engine has been handed, or skipped because their connection had ended. */
    int delivered()
    {
        return (int)DELIVERED.getAcquire(this);
    }

    /** Bytes the engine's writes put into the transport (whole messages). */
    long writtenBytes()
    {
        return (long)WRITTEN_BYTES.getAcquire(this);
    }
}
