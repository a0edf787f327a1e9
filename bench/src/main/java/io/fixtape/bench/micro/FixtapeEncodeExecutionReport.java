package io.fixtape.bench.micro;

import org.agrona.concurrent.UnsafeBuffer;

/** fixtape encodes the sample complete fill (35=8) of SampleMessages. See {@link EncodeBenchmark}. */
public class FixtapeEncodeExecutionReport extends EncodeBenchmark
{
    @Override
    protected int write(final FixtapeMessages messages, final UnsafeBuffer buffer, final int msgSeqNum,
        final long epochNanos)
    {
        return messages.executionReportFill(buffer, msgSeqNum, epochNanos);
    }
}
