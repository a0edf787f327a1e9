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
import io.fixtape.bench.micro.sidebyside.NewOrderSingleParser;

/**
 * Side by side: fixtape (tag/value flyweights), fixtape-typed (generated codecs), QuickFIX/J 2.3.2 and Artio 0.175
 * each frame, decode and validate (FIX 4.4 dictionary) the same NewOrderSingle bytes and read ClOrdID, Symbol,
 * Side, OrderQty and Price (see {@link NewOrderSingleParser} for the exact work). Set-up fails if an engine does not accept the message, so a
 * fast rejection can never pass for a fast parse.
 *
 * <p>JMH state: one instance per benchmark thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ParseNewOrderSingle
{
    @Param({Engines.FIXTAPE, Engines.FIXTAPE_TYPED, Engines.QUICKFIXJ, Engines.ARTIO})
    public String engine;

    private NewOrderSingleParser parser;

    @Setup
    public void setup()
    {
        parser = Engines.newOrderSingleParser(engine, SampleMessages.newOrderSingle(1234));
        if (!parser.parse(new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.")))
        {
            throw new IllegalStateException(engine + " rejected the sample NewOrderSingle: " + parser);
        }
    }

    @Benchmark
    public boolean parse(final Blackhole blackhole)
    {
        return parser.parse(blackhole);
    }
}
