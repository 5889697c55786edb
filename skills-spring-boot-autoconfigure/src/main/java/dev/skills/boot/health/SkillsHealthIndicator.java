package dev.skills.boot.health;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.skills.boot.catalog.SkillsEmbeddings;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.jdbc.FailSafeActiveSkillsRepository;
import dev.skills.jdbc.FailSafeActiveSkillsRepository.Outage;
import dev.skills.spring.ai.set.SkillSets;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.util.ClassUtils;

/**
 * The health of the skills: UP with the number of skills, errors and warnings and the
 * last reload, and the active-skill store; DOWN when a configured folder exists but
 * cannot be read, when hot reload is on and the watcher died, or when a
 * {@link FailSafeActiveSkillsRepository} is in an outage (with its reason; no query is
 * run for the check). A folder that does not exist is only a warning, not DOWN: the
 * default {@code .agents/skills} is optional. Warnings about a location as a whole
 * (missing, a discovery limit reached, polled instead of watched) are listed as
 * {@code locationWarnings}, and skill folders with a file read that never returned as
 * {@code stuckReads}. Skill sets without a skill are listed as {@code emptySets} (UP: a
 * reload may fill them).
 */
public class SkillsHealthIndicator extends AbstractHealthIndicator {

	private static final boolean FAIL_SAFE_PRESENT = ClassUtils
		.isPresent("dev.skills.jdbc.FailSafeActiveSkillsRepository", SkillsHealthIndicator.class.getClassLoader());

	private final SkillsRegistry registry;

	private final @Nullable ActiveSkillsRepository activeSkills;

	private final SkillSets sets;

	private final @Nullable SkillsEmbeddings embeddings;

	/**
	 * Create the indicator.
	 * @param registry the skills
	 */
	public SkillsHealthIndicator(SkillsRegistry registry) {
		this(registry, null, SkillSets.NONE, null);
	}

	/**
	 * Create the indicator, also reporting the active-skill store (when it is a
	 * {@link FailSafeActiveSkillsRepository}, whether its last calls failed), empty skill
	 * sets and how far ranking by meaning is (a detail: skills not yet embedded are
	 * ranked by keywords, so that is not DOWN).
	 * @param registry the skills
	 * @param activeSkills the active-skill store, if any
	 * @param sets the skill sets, {@link SkillSets#NONE} without any
	 * @param embeddings ranking by meaning, if on
	 */
	public SkillsHealthIndicator(SkillsRegistry registry, @Nullable ActiveSkillsRepository activeSkills, SkillSets sets,
			@Nullable SkillsEmbeddings embeddings) {
		super("Skills health check failed");
		this.registry = registry;
		this.activeSkills = activeSkills;
		this.sets = sets;
		this.embeddings = embeddings;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		SkillsSnapshot snapshot = this.registry.snapshot();
		List<SkillDiagnostic> diagnostics = snapshot.diagnostics();
		long errors = diagnostics.stream().filter(SkillDiagnostic::isError).count();
		builder.withDetail("skills", snapshot.size())
			.withDetail("errors", errors)
			.withDetail("warnings", diagnostics.size() - errors)
			.withDetail("generation", snapshot.generation())
			.withDetail("lastReload", snapshot.createdAt());
		if (this.embeddings != null) {
			builder.withDetail("embeddings", this.embeddings.status());
		}
		List<String> locationWarnings = locationWarnings(diagnostics);
		if (!locationWarnings.isEmpty()) {
			builder.withDetail("locationWarnings", locationWarnings);
		}
		List<String> emptySets = this.sets.views(snapshot)
			.entrySet()
			.stream()
			.filter((set) -> set.getValue().size() == 0)
			.map(Map.Entry::getKey)
			.toList();
		if (!emptySets.isEmpty()) {
			builder.withDetail("emptySets", emptySets);
		}
		// A file that never answered holds a thread until the process ends, and its
		// skill's files are refused meanwhile; the other skills are served: not DOWN.
		Map<String, Integer> stuckReads = this.registry.stuckReads();
		if (!stuckReads.isEmpty()) {
			builder.withDetail("stuckReads", stuckReads);
		}
		List<String> unreadable = new ArrayList<>();
		for (Path folder : this.registry.config().folderLocations()) {
			if (Files.exists(folder) && (!Files.isDirectory(folder) || !Files.isReadable(folder))) {
				unreadable.add(folder.toString());
			}
		}
		boolean watcherDied = this.registry.config().hotReload() && !this.registry.isWatching();
		boolean storeAnswers = activeSkillsStore(builder);
		if (!unreadable.isEmpty()) {
			builder.down().withDetail("unreadableLocations", unreadable);
		}
		else if (watcherDied) {
			builder.down().withDetail("watcher", "stopped: hot reload no longer applies file changes");
		}
		else if (!storeAnswers) {
			builder.down();
		}
		else {
			builder.up();
		}
	}

	// A store in an outage loses every activation: that is DOWN. Told by the calls
	// the chats made, not by a query of our own (Boot's "db" indicator pings the
	// database).
	private boolean activeSkillsStore(Health.Builder builder) {
		if (this.activeSkills == null) {
			return true;
		}
		Map<String, Object> store = (FAIL_SAFE_PRESENT) ? FailSafeStore.describe(this.activeSkills) : null;
		if (store == null) {
			store = Map.of("store", this.activeSkills.getClass().getSimpleName());
		}
		builder.withDetail("activeSkills", store);
		return !Boolean.FALSE.equals(store.get("answers"));
	}

	private List<String> locationWarnings(List<SkillDiagnostic> diagnostics) {
		Set<String> folders = new HashSet<>();
		this.registry.config()
			.folderLocations()
			.forEach((folder) -> folders.add(folder.toAbsolutePath().normalize().toString()));
		return diagnostics.stream()
			.filter((diagnostic) -> !diagnostic.isError() && folders.contains(diagnostic.file()))
			.map(SkillDiagnostic::toString)
			.toList();
	}

	/**
	 * The fail-safe store's state; its own class so that the indicator loads without
	 * {@code dev.skills:skills-jdbc}, which declares the fail-safe store.
	 */
	private static final class FailSafeStore {

		static @Nullable Map<String, Object> describe(ActiveSkillsRepository activeSkills) {
			if (!(activeSkills instanceof FailSafeActiveSkillsRepository failSafe)) {
				return null;
			}
			Map<String, Object> store = new LinkedHashMap<>();
			store.put("store", failSafe.delegate().getClass().getSimpleName());
			Outage outage = failSafe.outage().orElse(null);
			store.put("answers", outage == null);
			if (outage != null) {
				store.put("error", outage.reason());
				store.put("since", outage.since());
			}
			return store;
		}

	}

}
