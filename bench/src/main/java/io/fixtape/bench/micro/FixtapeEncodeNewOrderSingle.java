package io.fixtape.bench.micro;

import org.agrona.concurrent.UnsafeBuffer;

/** fixtape encodes the sample NewOrderSingle (35=D) of SampleMessages. See {@link EncodeBenchmark}. */
public class FixtapeEncodeNewOrderSingle extends EncodeBenchmark
{
    @Override
    protected int write(final FixtapeMessages messages, final UnsafeBuffer buffer, final int msgSeqNum,
        final long epochNanos)
    {
        return messages.newOrderSingle(buffer, msgSeqNum, epochNanos);
    }
}
