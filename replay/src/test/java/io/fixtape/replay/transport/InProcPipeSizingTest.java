package io.fixtape.replay.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.fixtape.engine.transport.Connection;
import io.fixtape.replay.transport.inproc.InProcPipe;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/** Ring capacities chosen from the largest message that must cross them: that message fits, whole. */
class InProcPipeSizingTest
{
    @Test
    void smallMessagesGetTheMinimumAndLargeOnesAPowerOfTwoThatHoldsThem()
    {
        assertEquals(256 * 1024, InProcPipe.capacityFor(250, 256 * 1024));
        assertEquals(256 * 1024, InProcPipe.capacityFor(0, 256 * 1024));
        // the replayed engine's largest message (64 KiB + 256) needs 8x that: 1 MiB
        assertEquals(1024 * 1024, InProcPipe.capacityFor(64 * 1024 + 256, 256 * 1024));
        assertEquals(1024 * 1024, InProcPipe.capacityFor(128 * 1024 - 8, 4096));
        assertEquals(2 * 1024 * 1024, InProcPipe.capacityFor(128 * 1024, 4096));
        assertThrows(IllegalArgumentException.class, () -> InProcPipe.capacityFor(Integer.MAX_VALUE / 4, 4096));
    }

    @Test
    void theLargestMessageCrossesEachDirectionWhole()
    {
        final int toAcceptorLargest = 300;
        final int toInitiatorLargest = 64 * 1024 + 256;
        final InProcPipe pipe = new InProcPipe(InProcPipe.capacityFor(toAcceptorLargest, 4096),
            InProcPipe.capacityFor(toInitiatorLargest, 4096));
        final RecordingListener atInitiator = new RecordingListener();
        final RecordingListener atAcceptor = new RecordingListener();
        pipe.initiator().poll(atInitiator);
        pipe.acceptor().poll(atAcceptor);
        final Connection initiator = atInitiator.connection;
        final Connection acceptor = atAcceptor.connection;

        final UnsafeBuffer big = new UnsafeBuffer(new byte[toInitiatorLargest]);
        big.setMemory(0, toInitiatorLargest, (byte)'x');
        assertEquals(toAcceptorLargest, initiator.write(big, 0, toAcceptorLargest));
        assertEquals(toInitiatorLargest, acceptor.write(big, 0, toInitiatorLargest));
        pipe.acceptor().poll(atAcceptor);
        pipe.initiator().poll(atInitiator);
        assertEquals(toAcceptorLargest, atAcceptor.received.size());
        assertEquals(1, atAcceptor.dataCalls, "one record, whole");
        assertEquals(toInitiatorLargest, atInitiator.received.size());
        assertEquals(1, atInitiator.dataCalls, "one record, whole");
    }
}
