package dev.skills.boot.mcp.autoconfigure;

import dev.skills.mcp.server.SkillsExtensionServer;

import org.springframework.context.SmartLifecycle;

/**
 * Ends the Skills Extension's subscriptions when the context starts to close, before the
 * web server's graceful shutdown: an open {@code subscriptions/listen} stream is an
 * active request, which that shutdown would otherwise wait for until its timeout.
 */
final class SkillsExtensionShutdown implements SmartLifecycle {

	private final SkillsExtensionServer server;

	private volatile boolean running;

	SkillsExtensionShutdown(SkillsExtensionServer server) {
		this.server = server;
	}

	@Override
	public void start() {
		this.running = true;
	}

	@Override
	public void stop() {
		this.running = false;
		this.server.close();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	// The default phase stops first, before the web server's phases.
	@Override
	public int getPhase() {
		return DEFAULT_PHASE;
	}

}
