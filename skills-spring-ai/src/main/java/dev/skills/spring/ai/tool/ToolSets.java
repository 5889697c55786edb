package dev.skills.spring.ai.tool;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;

import dev.skills.core.SkillMeta;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.catalog.SkillOffer;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.ToolCallback;

/**
 * The skill tools of the current snapshot generation, built once and reused by every
 * request until the next reload: the set for a catalog that lists every skill, the one
 * for a catalog that lists some, and the session-mode tools scoped to one skill. Every
 * {@code enum} comes from the same view of the snapshot, {@link SkillOffer#readable}.
 */
final class ToolSets {

	private final SkillsRegistry registry;

	private final ActiveSkillsRepository activeSkills;

	private final SkillToolInvoker invoker;

	private final Clock clock;

	private final SkillOffer offer;

	private final @Nullable SkillScriptRunner runner;

	private final AtomicReference<@Nullable SkillToolSet> whole = new AtomicReference<>();

	private final AtomicReference<@Nullable SkillToolSet> partial = new AtomicReference<>();

	private final Map<String, Optional<ToolCallback>> scopedReads = new ConcurrentHashMap<>();

	private final Map<String, Optional<ToolCallback>> scopedRuns = new ConcurrentHashMap<>();

	private volatile long scopedGeneration = -1;

	ToolSets(SkillsRegistry registry, ActiveSkillsRepository activeSkills, SkillToolInvoker invoker, Clock clock,
			SkillOffer offer, @Nullable SkillScriptRunner runner) {
		this.registry = registry;
		this.activeSkills = activeSkills;
		this.invoker = invoker;
		this.clock = clock;
		this.offer = offer;
		this.runner = runner;
	}

	SkillToolSet of(SkillsSnapshot snapshot, @Nullable SkillCatalog partialCatalog) {
		AtomicReference<@Nullable SkillToolSet> cache = (partialCatalog != null) ? this.partial : this.whole;
		SkillToolSet tools = cache.get();
		if (tools == null || tools.generation() != snapshot.generation()) {
			tools = build(snapshot, partialCatalog);
			cache.set(tools);
		}
		return tools;
	}

	List<ToolCallback> scopedTo(SkillsSnapshot snapshot, String skill) {
		clearScopedOf(snapshot);
		List<ToolCallback> tools = new ArrayList<>(2);
		Optional.ofNullable(readScopedTo(snapshot, skill)).ifPresent(tools::add);
		Optional.ofNullable(runScopedTo(snapshot, skill)).ifPresent(tools::add);
		return tools;
	}

	private @Nullable ToolCallback readScopedTo(SkillsSnapshot snapshot, String skill) {
		return this.scopedReads
			.computeIfAbsent(skill,
					(name) -> bundlesFiles(snapshot, name)
							? Optional.of(new ReadSkillResourceTool(SkillToolDefinitions.read(List.of(name)),
									this.registry, this.invoker, name))
							: Optional.empty())
			.orElse(null);
	}

	private @Nullable ToolCallback runScopedTo(SkillsSnapshot snapshot, String skill) {
		SkillScriptRunner scripts = this.runner;
		if (scripts == null) {
			return null;
		}
		return this.scopedRuns.computeIfAbsent(skill,
				(name) -> scripts.runsScripts(snapshot, name)
						? Optional.of(new RunSkillScriptTool(SkillToolDefinitions.run(List.of(name)), this.registry,
								this.invoker, scripts, List.of(name)))
						: Optional.empty())
			.orElse(null);
	}

	private void clearScopedOf(SkillsSnapshot snapshot) {
		if (this.scopedGeneration != snapshot.generation()) {
			this.scopedReads.clear();
			this.scopedRuns.clear();
			this.scopedGeneration = snapshot.generation();
		}
	}

	private SkillToolSet build(SkillsSnapshot snapshot, @Nullable SkillCatalog partialCatalog) {
		List<String> listed = this.offer.listed(snapshot).stream().map(SkillMeta::name).sorted().toList();
		// The read tool's enum names only the skills that bundle files: any other is no
		// choice.
		List<String> withFiles = this.offer.readable(snapshot)
			.stream()
			.filter((name) -> bundlesFiles(snapshot, name))
			.toList();
		boolean partial = partialCatalog != null;
		ToolCallback activate = listed.isEmpty() ? null
				: new ActivateSkillTool(SkillToolDefinitions.activate(partial ? null : listed), this.registry,
						this.activeSkills, this.invoker, this.clock, partialCatalog, this.offer);
		ToolCallback read = withFiles.isEmpty() ? null : new ReadSkillResourceTool(
				SkillToolDefinitions.read(partial ? null : withFiles), this.registry, this.invoker, null);
		return new SkillToolSet(snapshot.generation(), activate, read, run(snapshot, withFiles, partial));
	}

	// The script tool's enum: the readable skills whose scripts the runner accepts.
	private @Nullable ToolCallback run(SkillsSnapshot snapshot, List<String> withFiles, boolean partial) {
		SkillScriptRunner scripts = this.runner;
		if (scripts == null) {
			return null;
		}
		List<String> runnable = withFiles.stream().filter((name) -> scripts.runsScripts(snapshot, name)).toList();
		return runnable.isEmpty() ? null : new RunSkillScriptTool(SkillToolDefinitions.run(partial ? null : runnable),
				this.registry, this.invoker, scripts, partial ? null : runnable);
	}

	private static boolean bundlesFiles(SkillsSnapshot snapshot, String name) {
		return !snapshot.files(name).isEmpty();
	}

}
