package io.fixtape.replay.drive;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * How long the JVM's JIT compiler threads have worked, in ms ({@link CompilationMXBean#getTotalCompilationTime},
 * summed over the compiler threads). A throughput figure taken while C2 is still compiling the hot path measures
 * the JIT, not the engine — on a 2-vCPU machine the compiler thread also takes the core the journal's pretoucher
 * would use — so a replay reports the compile time spent inside its measured window and a warm-up can run until
 * the compiler goes quiet ({@link WarmUp}).
 */
public final class JitActivity
{
    private static final CompilationMXBean COMPILER = compiler();

    private JitActivity()
    {
    }

    private static CompilationMXBean compiler()
    {
        final CompilationMXBean bean = ManagementFactory.getCompilationMXBean();
        return bean != null && bean.isCompilationTimeMonitoringSupported() ? bean : null;
    }

    /** Total JIT compile time so far, ms; -1 where the JVM does not tell (then every difference is unknown). */
    public static long compileMillis()
    {
        return COMPILER == null ? -1 : COMPILER.getTotalCompilationTime();
    }

    /** {@code compileMillis() - before}, or -1 when either reading is unknown. */
    public static long compileMillisSince(final long before)
    {
        final long now = compileMillis();
        return before < 0 || now < 0 ? -1 : now - before;
    }
}
