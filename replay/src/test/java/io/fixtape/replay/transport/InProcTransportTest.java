package io.fixtape.replay.transport;

import io.fixtape.engine.transport.Transport;
import io.fixtape.replay.transport.inproc.InProcPipe;

class InProcTransportTest extends TransportPairContract
{
    // 256 KiB per direction: back-pressure after ~250 writes of 1 KiB
    private final InProcPipe pipe = new InProcPipe(256 * 1024);

    @Override
    protected Transport initiator()
    {
        return pipe.initiator();
    }

    @Override
    protected Transport acceptor()
    {
        return pipe.acceptor();
    }
}
