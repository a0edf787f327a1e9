package io.fixtape.nic;

import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

import static org.junit.jupiter.api.Assertions.assertTrue;

class SocketTuningTest
{
    @Test
    void appliesAndReadsBackOnARealLoopbackConnection() throws Exception
    {
        try (ServerSocketChannel server = ServerSocketChannel.open())
        {
            server.bind(new InetSocketAddress("127.0.0.1", 0));
            try (SocketChannel client = SocketChannel.open(server.getLocalAddress());
                SocketChannel accepted = server.accept())
            {
                final SocketTuning.Applied applied = SocketTuning.LOW_LATENCY
                    .withReceiveBuffer(64 * 1024).withSendBuffer(64 * 1024).apply(client);
                assertTrue(applied.tcpNoDelay());
                assertTrue(applied.receiveBuffer() >= 64 * 1024, applied.toString());
                assertTrue(applied.sendBuffer() >= 64 * 1024, applied.toString());
                assertTrue(SocketTuning.readBack(accepted).receiveBuffer() > 0);
            }
        }
    }
}
