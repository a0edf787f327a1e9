package io.fixtape.journal;

import io.fixtape.engine.session.SessionId;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Diagnostic probe (not a test): how fast {@code journal verify} checks a journal. Writes COUNT execution reports
 * into a fresh journal in DIR, then verifies it RUNS times ({@link JournalVerifier}) and prints records/s of each run.
 *
 * <pre>journal/scripts/verify-speed.sh [COUNT] [RUNS]</pre>
 */
public final class VerifySpeedProbe
{
    public static void main(final String[] args)
    {
        final int count = Integer.parseInt(args[0]);
        final int runs = Integer.parseInt(args[1]);
        final Path dir = Path.of(args[2]);
        final UnsafeBuffer fix = Fix.buffer(Fix.message("FIX.4.4", "8", 1,
            "37=ORD0000001|17=EXEC000001|150=F|39=2|55=ACME|54=1|38=100|151=0|14=100|6=100.00|32=100|31=100.00|" +
            "60=20261202-15:00:00.000|11=CL0000001|1=ACCOUNT1|"));
        try (ChronicleMessageStoreFactory factory = new ChronicleMessageStoreFactory(new JournalContext().directory(dir)
            .lowSpaceBytes(0).pretouch(false).initialIndexCapacity(count + 16)))
        {
            final ChronicleMessageStore store = factory.create(new SessionId("FIX.4.4", "EXEC", "BANZAI"));
            for (int seq = 1; seq <= count; seq++)
            {
                store.onOutbound(seq, '8', 0, seq, fix, 0, fix.capacity());
            }
        }
        for (int run = 1; run <= runs; run++)
        {
            final long start = System.nanoTime();
            final JournalVerifier verifier = new JournalVerifier(dir, line -> System.out.println("problem: " + line));
            final int problems = verifier.run();
            final double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(Locale.ROOT, "run %d: %d records (%d bytes each) verified in %.3f s: %.0f records/s, %d problems%n",
                run, verifier.records(), JournalRecordDescriptor.HEADER_LENGTH + fix.capacity(), seconds,
                verifier.records() / seconds, problems);
        }
    }
}
