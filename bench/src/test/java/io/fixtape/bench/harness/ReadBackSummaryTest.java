package io.fixtape.bench.harness;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The acceptor's start-up summary says, in one short line, what the JSON read-back says at length. */
class ReadBackSummaryTest
{
    @Test
    void summaryNamesModelSessionsStoreJournalValidationIdleCpusAndJdk()
    {
        final Map<String, Object> readBack = new LinkedHashMap<>();
        readBack.put(ReadBack.ACCEPTOR_MODEL, "single");
        readBack.put(ReadBack.ACCEPTOR_THREADS, 1);
        readBack.put("sessions", 2);
        readBack.put(ReadBack.VALIDATION, "on");
        readBack.put(ReadBack.IDLE_STRATEGY, "backoff");
        readBack.put(ReadBack.STORE_COMPILED_OUT, false);
        readBack.put(ReadBack.HOT_THREAD_CPUS, "0-1");
        readBack.put(ReadBack.STORE_MODE, "audit");
        readBack.put(ReadBack.JOURNAL_DURABILITY, "PAGE_CACHE");
        readBack.put(ReadBack.JOURNAL_PRETOUCH, "AUTO");
        assertEquals("model single (1 thread), 2 sessions, store audit, journal PAGE_CACHE (pretouch AUTO), "
            + "validation on, idle backoff, hot threads on CPUs 0-1, JDK " + Runtime.version(),
            FixtapeReadBack.summary(readBack));
    }

    @Test
    void summaryWithoutJournalOrOpenedStore()
    {
        final Map<String, Object> readBack = new LinkedHashMap<>();
        readBack.put(ReadBack.ACCEPTOR_MODEL, "pool");
        readBack.put(ReadBack.ACCEPTOR_THREADS, 4);
        readBack.put("sessions", 10);
        readBack.put(ReadBack.VALIDATION, "off,on");
        readBack.put(ReadBack.IDLE_STRATEGY, "busy-spin");
        readBack.put(ReadBack.STORE_COMPILED_OUT, true);
        readBack.put(ReadBack.JOURNAL_DURABILITY, "n/a (no journal)");
        assertEquals("model pool (4 threads), 10 sessions, store (none opened yet) (compiled out), "
            + "validation off,on, idle busy-spin, JDK " + Runtime.version(), FixtapeReadBack.summary(readBack));
    }
}
