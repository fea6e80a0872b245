package dev.navserver.protocol.message;

/** A message from the server to a game client. */
public sealed interface ServerMessage extends Message, FromServer
        permits Welcome, Spawned, PathResult, GroupPath, PathValid, Pong, NavPath, LocalNav, Monsters, ErrorMessage, Bye,
                MapEdited, MapPatch, CommandOk, RouteOk, MonsterEnter, MonsterLeave, MonsterState,
                MonsterEvent, Redirect {
}
