package io.fixtape.bench.micro;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import io.fixtape.bench.micro.sidebyside.Engines;
import io.fixtape.bench.micro.sidebyside.ExecutionReportWriter;

/**
 * Side by side: fixtape (tag/value flyweights), fixtape-typed (generated codecs), QuickFIX/J 2.3.2 and Artio 0.175
 * each encode the same complete fill, header to checksum, with MsgSeqNum incremented per message (see
 * {@link ExecutionReportWriter} for the exact work). Each engine runs
 * in its own forks, so the writer call is monomorphic there.
 *
 * <p>JMH state: one instance per benchmark thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class EncodeExecutionReport
{
    @Param({Engines.FIXTAPE, Engines.FIXTAPE_TYPED, Engines.QUICKFIXJ, Engines.ARTIO})
    public String engine;

    private ExecutionReportWriter writer;
    private int msgSeqNum;

    @Setup
    public void setup()
    {
        writer = Engines.executionReportWriter(engine);
        msgSeqNum = 0;
    }

    @Benchmark
    public int encode(final Blackhole blackhole)
    {
        return writer.encode(++msgSeqNum, SampleMessages.EPOCH_MILLIS, blackhole);
    }

    /** The writer in use (tests). */
    public ExecutionReportWriter writer()
    {
        return writer;
    }
}
