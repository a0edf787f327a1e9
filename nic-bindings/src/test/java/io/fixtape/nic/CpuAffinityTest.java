package io.fixtape.nic;

import org.junit.jupiter.api.Test;

import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuAffinityTest
{
    @Test
    void pinsAThreadAndTheOsReportsThePin() throws Exception
    {
        final int cpu = CpuAffinity.onlineCpus() - 1;
        final AtomicReference<Object> result = new AtomicReference<>();
        final Thread thread = new Thread(() ->
        {
            try
            {
                result.set(CpuAffinity.pinCurrentThread(cpu));
            }
            catch (final RuntimeException e)
            {
                result.set(e);
            }
        }, "pin-test");
        thread.start();
        thread.join(10_000);
        final ThreadPlacement placement = (ThreadPlacement)result.get();
        assertEquals(String.valueOf(cpu), placement.cpus());
        assertEquals("pin-test", placement.name());
    }

    @Test
    void aCpuThatDoesNotExistIsRefusedWithAClearMessage() throws Exception
    {
        final int missing = CpuAffinity.onlineCpus() + 3;
        final AtomicReference<RuntimeException> failure = new AtomicReference<>();
        final Thread thread = new Thread(() -> failure.set(assertThrows(AffinityException.class,
            () -> CpuAffinity.pinCurrentThread(missing))));
        thread.start();
        thread.join(10_000);
        assertTrue(failure.get().getMessage().contains("online CPU"), failure.get().getMessage());
    }

    @Test
    void readsEveryThreadOfThisProcessWithItsAllowedCpus()
    {
        final List<ThreadPlacement> threads = CpuAffinity.selfThreads();
        assertFalse(threads.isEmpty());
        final long pid = ProcessHandle.current().pid();
        assertTrue(threads.stream().anyMatch(t -> t.tid() == pid));
        for (final ThreadPlacement thread : threads)
        {
            assertFalse(CpuList.parse(thread.cpus()).isEmpty(), thread.toString());
        }
        final BitSet process = CpuAffinity.processCpus(pid);
        assertFalse(process.isEmpty());
    }

    @Test
    void cpuListRoundTripsKernelSyntax()
    {
        final BitSet cpus = CpuList.parse("0-2,5,7-8");
        assertEquals(6, cpus.cardinality());
        assertEquals("0-2,5,7-8", CpuList.format(cpus));
        assertEquals("", CpuList.format(CpuList.parse(" ")));
        assertThrows(IllegalArgumentException.class, () -> CpuList.parse("a-b"));
        assertThrows(IllegalArgumentException.class, () -> CpuList.parse("3-1"));
    }
}
