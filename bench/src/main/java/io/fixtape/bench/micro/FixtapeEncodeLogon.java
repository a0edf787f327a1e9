package io.fixtape.bench.micro;

import org.agrona.concurrent.UnsafeBuffer;

/** fixtape encodes Logon (35=A): EncryptMethod 0, HeartBtInt 30, ResetSeqNumFlag Y. See {@link EncodeBenchmark}. */
public class FixtapeEncodeLogon extends EncodeBenchmark
{
    @Override
    protected int write(final FixtapeMessages messages, final UnsafeBuffer buffer, final int msgSeqNum,
        final long epochNanos)
    {
        return messages.logon(buffer, msgSeqNum, epochNanos);
    }
}
