package dev.skills.autoconfigure.actuate;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

import dev.skills.core.registry.SkillsChange;
import org.jspecify.annotations.Nullable;

/**
 * Coalesces concurrent reload requests: while a rescan runs, every request that arrives
 * shares the one next rescan (which starts after it, so it sees what changed before the
 * request) instead of queueing a rescan of its own. Two hundred concurrent requests cost
 * two rescans, not two hundred.
 */
final class CoalescedReload {

	private final Supplier<SkillsChange> reload;

	private @Nullable CompletableFuture<SkillsChange> running;

	private @Nullable CompletableFuture<SkillsChange> pending;

	CoalescedReload(Supplier<SkillsChange> reload) {
		this.reload = reload;
	}

	SkillsChange reload() {
		CompletableFuture<SkillsChange> mine;
		CompletableFuture<SkillsChange> before = null;
		boolean run = false;
		synchronized (this) {
			if (this.running == null) {
				mine = new CompletableFuture<>();
				this.running = mine;
				run = true;
			}
			else if (this.pending == null) {
				before = this.running;
				mine = new CompletableFuture<>();
				this.pending = mine;
				run = true;
			}
			else {
				mine = this.pending;
			}
		}
		if (run) {
			run(mine, before);
		}
		try {
			return mine.join();
		}
		catch (CompletionException ex) {
			throw (ex.getCause() instanceof RuntimeException cause) ? cause : ex;
		}
	}

	private void run(CompletableFuture<SkillsChange> mine, @Nullable CompletableFuture<SkillsChange> before) {
		if (before != null) {
			// The next rescan starts once the current one is done, whatever its outcome.
			before.handle((change, failure) -> null).join();
			synchronized (this) {
				this.running = mine;
				this.pending = null;
			}
		}
		try {
			mine.complete(this.reload.get());
		}
		catch (RuntimeException ex) {
			mine.completeExceptionally(ex);
		}
		finally {
			synchronized (this) {
				if (this.running == mine) {
					this.running = null;
				}
			}
		}
	}

}
