package io.fixtape.bench.micro;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import org.agrona.AsciiSequenceView;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import io.fixtape.engine.codec.Decimal;
import io.fixtape.engine.codec.FixDecoder;
import io.fixtape.engine.codec.FixFramer;
import io.fixtape.engine.codec.Tags;
import io.fixtape.engine.dictionary.Dictionaries;
import io.fixtape.engine.validation.MessageValidator;
import io.fixtape.engine.validation.ValidationOptions;
import io.fixtape.engine.validation.ValidationResult;

/**
 * The fixtape row of {@code ParseNewOrderSingle} taken apart, one step per benchmark, to show where its time
 * goes: {@code frame} (FixFramer), {@code wrap} (FixDecoder index pass), {@code validate} (MessageValidator on an
 * already indexed message; the same layout every time, so its layout cache answers), {@code validateNoLayoutCache}
 * (the full validation walk, as for a layout not seen before) and {@code reads} (the five typed reads on an
 * indexed message).
 *
 * <p>JMH state: one instance per benchmark thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ParseNewOrderSingleSteps
{
    private final FixFramer framer = new FixFramer();
    private final FixDecoder decoder = new FixDecoder();
    private final FixDecoder indexed = new FixDecoder();
    private final MessageValidator validator =
        new MessageValidator(Dictionaries.forSession("FIX.4.4", null), new ValidationOptions());
    // the full validation walk on every message (ValidationOptions.layoutCache off): what a message of a layout
    // not seen before (or with a repeating group) costs
    private final MessageValidator fullWalkValidator =
        new MessageValidator(Dictionaries.forSession("FIX.4.4", null), new ValidationOptions().layoutCache(false));
    private final ValidationResult result = new ValidationResult();
    private final AsciiSequenceView view = new AsciiSequenceView();
    private final Decimal decimal = new Decimal();
    private UnsafeBuffer buffer;
    private int length;

    @Setup
    public void setup()
    {
        final byte[] message = SampleMessages.newOrderSingle(1234);
        buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(message.length));
        buffer.putBytes(0, message);
        length = message.length;
        indexed.wrap(buffer, 0, length);
        if (!validator.validate(indexed, result))
        {
            throw new IllegalStateException("sample NewOrderSingle rejected: " + result);
        }
    }

    @Benchmark
    public int frame()
    {
        return framer.frame(buffer, 0, length);
    }

    @Benchmark
    public int wrap()
    {
        return decoder.wrap(buffer, 0, length).fieldCount();
    }

    @Benchmark
    public boolean validate()
    {
        return validator.validate(indexed, result);
    }

    @Benchmark
    public boolean validateNoLayoutCache()
    {
        return fullWalkValidator.validate(indexed, result);
    }

    @Benchmark
    public void reads(final Blackhole blackhole)
    {
        blackhole.consume(indexed.getString(Tags.CL_ORD_ID, view).length());
        blackhole.consume(indexed.getString(Tags.SYMBOL, view).length());
        blackhole.consume(indexed.getChar(Tags.SIDE));
        indexed.getDecimal(Tags.ORDER_QTY, decimal);
        blackhole.consume(decimal.mantissa());
        indexed.getDecimal(Tags.PRICE, decimal);
        blackhole.consume(decimal.mantissa());
        blackhole.consume(decimal.scale());
    }

    /** For tests: the last string {@link #reads} read (Symbol) and the last decimal (Price). */
    CharSequence lastString()
    {
        return view;
    }

    Decimal lastDecimal()
    {
        return decimal;
    }
}
