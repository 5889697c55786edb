package dev.skills.spring.ai.tool;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import dev.skills.core.SkillMeta;
import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.catalog.SkillOffer;
import dev.skills.spring.ai.observation.SkillsObservationDocumentation;
import dev.skills.spring.ai.set.SkillSets;
import dev.skills.spring.ai.set.SnapshotValues;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.ToolCallback;

/**
 * The skill tools of the current snapshot generation, built once and reused by every
 * request until the next reload: the set for a catalog that lists every skill, the one
 * for a catalog that lists some, and the session-mode tools scoped to one skill.
 */
final class ToolSets {

	private final SkillsRegistry registry;

	private final SkillSets sets;

	private final ActiveSkillsRepository activeSkills;

	private final SkillToolInvoker invoker;

	private final Clock clock;

	private final SkillOffer offer;

	private final @Nullable SkillScriptRunner runner;

	// Per snapshot: each skill set's view has tools of its own.
	private final SnapshotValues<SkillToolSet> whole = new SnapshotValues<>();

	private final SnapshotValues<SkillToolSet> partial = new SnapshotValues<>();

	private final SnapshotValues<Map<String, Optional<ToolCallback>>> scopedReads = new SnapshotValues<>();

	private final SnapshotValues<Map<String, Optional<ToolCallback>>> scopedRuns = new SnapshotValues<>();

	ToolSets(SkillsRegistry registry, SkillSets sets, ActiveSkillsRepository activeSkills, SkillToolInvoker invoker,
			Clock clock, SkillOffer offer, @Nullable SkillScriptRunner runner) {
		this.registry = registry;
		this.sets = sets;
		this.activeSkills = activeSkills;
		this.invoker = invoker;
		this.clock = clock;
		this.offer = offer;
		this.runner = runner;
	}

	ActiveSkillsRepository activeSkills() {
		return this.activeSkills;
	}

	SkillOffer offer() {
		return this.offer;
	}

	SkillsSnapshot snapshot(@Nullable String set) {
		return this.sets.view(this.registry.snapshot(), set);
	}

	void recordPin(String skill, String conversationId, @Nullable String set, Consumer<String> pinRecorder) {
		this.invoker.observeOnly(new SkillInvocation(SkillToolDefinitions.ACTIVATE_SKILL, skill, null, conversationId),
				set, SkillsObservationDocumentation.SKILL_ACTIVATION, () -> {
					this.activeSkills.activate(conversationId, new ActiveSkill(skill, this.clock.instant()));
					pinRecorder.accept(skill);
				});
	}

	SkillToolSet of(SkillsSnapshot snapshot, @Nullable SkillCatalog partialCatalog) {
		return ((partialCatalog != null) ? this.partial : this.whole).get(snapshot,
				(view) -> build(view, partialCatalog));
	}

	List<ToolCallback> scopedTo(SkillsSnapshot snapshot, String skill) {
		List<ToolCallback> tools = new ArrayList<>(2);
		Optional.ofNullable(readScopedTo(snapshot, skill)).ifPresent(tools::add);
		Optional.ofNullable(runScopedTo(snapshot, skill)).ifPresent(tools::add);
		return tools;
	}

	private @Nullable ToolCallback readScopedTo(SkillsSnapshot snapshot, String skill) {
		return this.scopedReads.get(snapshot, (view) -> new ConcurrentHashMap<>())
			.computeIfAbsent(
					skill, (
							name) -> bundlesFiles(snapshot, name)
									? Optional.of(new ReadSkillResourceTool(SkillToolDefinitions.read(List.of(name)),
											this.registry, () -> snapshot(null), this.invoker, name))
									: Optional.empty())
			.orElse(null);
	}

	private @Nullable ToolCallback runScopedTo(SkillsSnapshot snapshot, String skill) {
		SkillScriptRunner scripts = this.runner;
		if (scripts == null) {
			return null;
		}
		return this.scopedRuns.get(snapshot, (view) -> new ConcurrentHashMap<>())
			.computeIfAbsent(
					skill, (
							name) -> scripts.runsScripts(snapshot, name)
									? Optional.of(new RunSkillScriptTool(SkillToolDefinitions.run(List.of(name)),
											() -> snapshot(null), this.invoker, scripts, List.of(name)))
									: Optional.empty())
			.orElse(null);
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
				: new ActivateSkillTool(SkillToolDefinitions.activate(partial ? null : listed), () -> snapshot(null),
						this.activeSkills, this.invoker, this.clock, partialCatalog, this.offer);
		ToolCallback read = withFiles.isEmpty() ? null
				: new ReadSkillResourceTool(SkillToolDefinitions.read(partial ? null : withFiles), this.registry,
						() -> snapshot(null), this.invoker, null);
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
				() -> snapshot(null), this.invoker, scripts, partial ? null : runnable);
	}

	private static boolean bundlesFiles(SkillsSnapshot snapshot, String name) {
		return !snapshot.files(name).isEmpty();
	}

}
