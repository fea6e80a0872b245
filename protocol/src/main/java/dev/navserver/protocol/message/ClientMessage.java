package dev.navserver.protocol.message;

/** A message from a game client to the server. */
public sealed interface ClientMessage extends Message, FromClient
        permits Hello, PlayerPos, Spawn, PathQuery, GroupPathQuery, ValidatePath, Ping, Bye, MapEdit, MonsterSpawn,
                MonsterCommand, Route, PlayerLeave {
    /** The request id to echo in every reply, or {@code null} when the client sent none. */
    RequestId id();
}
