package dev.skills.core.registry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.SkillResourceException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static dev.skills.test.SkillFixtures.rawSkill;
import static dev.skills.test.SkillFixtures.skill;
import static dev.skills.test.SkillFixtures.skillMd;
import static dev.skills.test.SkillFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Discovery of folder locations: location forms, precedence, the walk's limits and
 * skipped folders, and what the registry answers afterwards.
 */
class SkillsRegistryDiscoveryTests {

	@TempDir
	Path root;

	private static SkillsRegistry registryOf(String... locations) {
		return SkillsRegistry.create(SkillConfig.builder().skillsDir(locations).build());
	}

	private static List<SkillDiagnostic> warnings(SkillsRegistry registry) {
		return registry.diagnostics().stream().filter((d) -> !d.isError()).toList();
	}

	@Test
	void plainPathLocationIsFound() {
		Path skills = this.root.resolve("skills");
		skill(skills, "alpha");
		skill(skills, "beta");

		SkillsRegistry registry = registryOf(skills.toString());

		assertThat(registry.names()).containsExactly("alpha", "beta");
		assertThat(registry.diagnostics()).isEmpty();
	}

	@Test
	void fileUrlLocationIsFound() {
		Path skills = this.root.resolve("skills");
		skill(skills, "alpha");
		Path other = this.root.resolve("other");
		skill(other, "beta");

		SkillsRegistry registry = registryOf("file:" + skills, other.toUri().toString());

		assertThat(registry.names()).containsExactly("alpha", "beta");
		assertThat(registry.get("alpha")).get()
			.extracting(SkillMeta::baseDirectory)
			.isEqualTo(skills.resolve("alpha").toString());
		assertThat(registry.diagnostics()).isEmpty();
	}

	@Test
	void singleSkillLocationIsFound() {
		Path alpha = skill(this.root, "alpha");

		SkillsRegistry registry = registryOf(alpha.toString());

		assertThat(registry.names()).containsExactly("alpha");
	}

	@Test
	void firstLocationWinsLosersAreShadowed() {
		Path first = this.root.resolve("first");
		Path second = this.root.resolve("second");
		Path third = this.root.resolve("third");
		Path winner = rawSkill(first, "shared", skillMd("shared", "From first.", "first body"));
		Path loser1 = rawSkill(second, "shared", skillMd("shared", "From second.", "second body"));
		Path loser2 = rawSkill(third, "shared", skillMd("shared", "From third.", "third body"));
		skill(third, "only-third");

		// Listed in reverse alphabetical order of folder names: order of the list
		// decides, not paths.
		SkillsRegistry registry = registryOf(third.toString(), second.toString(), first.toString());

		assertThat(registry.get("shared")).get().extracting(SkillMeta::description).isEqualTo("From third.");
		assertThat(registry.snapshot().load("shared").instructions()).isEqualTo("third body");
		String winnerFile = loser2.resolve("SKILL.md").toString();
		assertThat(warnings(registry)).containsExactlyInAnyOrder(
				SkillDiagnostic.warning(loser1.resolve("SKILL.md").toString(), "shared",
						"Skill 'shared' is shadowed by " + winnerFile),
				SkillDiagnostic.warning(winner.resolve("SKILL.md").toString(), "shared",
						"Skill 'shared' is shadowed by " + winnerFile));
		assertThat(registry.names()).containsExactly("only-third", "shared");
	}

	@Test
	void reversedLocationsSwapTheWinner() {
		Path first = this.root.resolve("first");
		Path second = this.root.resolve("second");
		rawSkill(first, "shared", skillMd("shared", "From first.", "first body"));
		rawSkill(second, "shared", skillMd("shared", "From second.", "second body"));

		assertThat(registryOf(first.toString(), second.toString()).get("shared")).get()
			.extracting(SkillMeta::description)
			.isEqualTo("From first.");
		assertThat(registryOf(second.toString(), first.toString()).get("shared")).get()
			.extracting(SkillMeta::description)
			.isEqualTo("From second.");
	}

	@Test
	void locationOfNamesTheWinningLocation() {
		Path first = this.root.resolve("first");
		Path second = this.root.resolve("second");
		rawSkill(first, "shared", skillMd("shared", "From first.", "first body"));
		rawSkill(second, "shared", skillMd("shared", "From second.", "second body"));
		skill(second, "only-second");

		SkillsSnapshot snapshot = registryOf(first.toString(), "file:" + second).snapshot();

		assertThat(snapshot.locationOf("shared")).isEqualTo(first.toString());
		assertThat(snapshot.locationOf("only-second")).isEqualTo("file:" + second);
		assertThatExceptionOfType(SkillResourceException.class).isThrownBy(() -> snapshot.locationOf("nope"));
	}

	@Test
	void missingLocationWarnsOthersLoad() {
		Path missing = this.root.resolve("missing");
		Path skills = this.root.resolve("skills");
		skill(skills, "alpha");

		SkillsRegistry registry = registryOf(missing.toString(), skills.toString());

		assertThat(registry.names()).containsExactly("alpha");
		assertThat(registry.diagnostics())
			.containsExactly(SkillDiagnostic.warning(missing.toString(), null, "Skill location does not exist"));
	}

	@Test
	void skillSixLevelsDownIsFound() {
		Path skills = this.root.resolve("skills");
		skill(skills.resolve("1/2/3/4/5"), "deep");

		SkillsRegistry registry = registryOf(skills.toString());

		assertThat(registry.names()).containsExactly("deep");
		assertThat(registry.diagnostics()).isEmpty();
	}

	@Test
	void skillSevenLevelsDownIsNotFound() {
		Path skills = this.root.resolve("skills");
		skill(skills.resolve("1/2/3/4/5/6"), "too-deep");
		skill(skills, "shallow");

		SkillsRegistry registry = registryOf(skills.toString());

		assertThat(registry.names()).containsExactly("shallow");
		assertThat(registry.diagnostics()).containsExactly(SkillDiagnostic.warning(skills.toString(), null,
				"Folders deeper than 6 levels were not searched for skills (skills.discovery.max-depth)"));
	}

	@Test
	void skillAtTheFolderLimitIsFound() throws Exception {
		// Visited in breadth-first, sorted order: the location, 298 empty folders, then
		// the skill.
		Path skills = this.root.resolve("skills");
		createEmptyFolders(skills, 298);
		skill(skills, "zz-last");

		SkillsRegistry registry = limitedRegistryOf(skills, 300);

		assertThat(registry.names()).containsExactly("zz-last");
		assertThat(registry.diagnostics()).isEmpty();
	}

	@Test
	void skillPastTheFolderLimitIsNotFound() throws Exception {
		Path skills = this.root.resolve("skills");
		skill(skills, "aa-first");
		createEmptyFolders(skills, 298);
		skill(skills, "zz-last");

		SkillsRegistry registry = limitedRegistryOf(skills, 300);

		assertThat(registry.names()).containsExactly("aa-first");
		assertThat(registry.diagnostics()).containsExactly(SkillDiagnostic.warning(skills.toString(), null,
				"Stopped searching for skills after 300 directories; point the location at a smaller folder "
						+ "or raise the limit (skills.discovery.max-directories)"));
	}

	@Test
	void lowerDepthLimitHidesDeeperSkills() {
		Path skills = this.root.resolve("skills");
		skill(skills.resolve("a/b"), "three-down");
		skill(skills.resolve("a/b/c"), "four-down");

		SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(skills.toString()).discoveryMaxDepth(3).build());

		assertThat(registry.names()).containsExactly("three-down");
		assertThat(registry.diagnostics()).containsExactly(SkillDiagnostic.warning(skills.toString(), null,
				"Folders deeper than 3 levels were not searched for skills (skills.discovery.max-depth)"));
	}

	private static SkillsRegistry limitedRegistryOf(Path location, int maxDirectories) {
		return SkillsRegistry.create(
				SkillConfig.builder().skillsDir(location.toString()).discoveryMaxDirectories(maxDirectories).build());
	}

	private static void createEmptyFolders(Path parent, int count) throws Exception {
		for (int i = 0; i < count; i++) {
			Files.createDirectories(parent.resolve(String.format("empty-%04d", i)));
		}
	}

	@Test
	void skillsInSkippedFoldersAreNotFound() {
		Path skills = this.root.resolve("skills");
		skill(skills, "visible");
		skill(skills.resolve(".git"), "in-git");
		skill(skills.resolve("node_modules"), "in-node-modules");
		skill(skills.resolve("__pycache__"), "in-pycache");
		skill(skills.resolve(".hidden"), "in-hidden");
		skill(skills, ".dot-skill");

		SkillsRegistry registry = registryOf(skills.toString());

		assertThat(registry.names()).containsExactly("visible");
	}

	@Test
	void nestedSkillFileIsNotASkill() {
		Path skills = this.root.resolve("skills");
		Path outer = skill(skills, "outer");
		skill(outer.resolve("references"), "inner");

		SkillsRegistry registry = registryOf(skills.toString());

		assertThat(registry.names()).containsExactly("outer");
		assertThat(registry.snapshot().load("outer").files()).containsExactly("references/inner/SKILL.md");
	}

	@Test
	void everyReaderAgrees() {
		Path skills = this.root.resolve("skills");
		rawSkill(skills, "beta", skillMd("beta", "Second skill.", "beta body"));
		write(skills.resolve("alpha/SKILL.md"), "---\nname: alpha\ndescription: First <skill> & more.\n"
				+ "metadata:\n  priority: \"5\"\n---\nalpha body\n");
		rawSkill(skills.resolve("group"), "gamma", skillMd("gamma", "Third skill.", "gamma body"));

		SkillsRegistry registry = registryOf(skills.toString());

		assertThat(registry.size()).isEqualTo(3);
		assertThat(registry.names()).containsExactly("alpha", "beta", "gamma");
		assertThat(registry.contains("gamma")).isTrue();
		assertThat(registry.contains("delta")).isFalse();
		assertThat(registry.get("delta")).isEmpty();
		SkillMeta alpha = registry.get("alpha").orElseThrow();
		assertThat(alpha.description()).isEqualTo("First <skill> & more.");
		assertThat(alpha.priority()).isEqualTo(5);
		assertThat(alpha.location()).isEqualTo(skills.resolve("alpha/SKILL.md").toString());
		assertThat(registry.get("gamma")).get()
			.extracting(SkillMeta::baseDirectory)
			.isEqualTo(skills.resolve("group/gamma").toString());
		// catalog order: priority first, then name
		assertThat(registry.snapshot().skills()).extracting(SkillMeta::name).containsExactly("alpha", "beta", "gamma");
		assertThat(registry.buildCatalog()).isEqualTo("""
				<available_skills>
				<skill><name>alpha</name><description>First &lt;skill&gt; &amp; more.</description></skill>
				<skill><name>beta</name><description>Second skill.</description></skill>
				<skill><name>gamma</name><description>Third skill.</description></skill>
				</available_skills>""");
		assertThat(registry.snapshot().names()).isEqualTo(registry.names());
		assertThat(registry.diagnostics()).isEmpty();
	}

	@Test
	void brokenSkillIsAnErrorOthersLoad() {
		Path skills = this.root.resolve("skills");
		skill(skills, "good");
		Path bad = write(skills.resolve("bad/SKILL.md"), "---\nname: bad\n---\nno description\n");

		SkillsRegistry registry = registryOf(skills.toString());

		assertThat(registry.names()).containsExactly("good");
		assertThat(registry.diagnostics()).singleElement().satisfies((diagnostic) -> {
			assertThat(diagnostic.isError()).isTrue();
			assertThat(diagnostic.file()).isEqualTo(bad.toString());
		});
	}

	@Test
	void generationMovesOnlyOnChange() {
		Path skills = this.root.resolve("skills");
		skill(skills, "alpha");
		SkillsRegistry registry = new SkillsRegistry(SkillConfig.builder().build());
		assertThat(registry.snapshot().generation()).isZero();
		assertThat(registry.names()).isEmpty();

		SkillsChange first = registry.discover(List.of(skills.toString()));
		assertThat(first.added()).containsExactly("alpha");
		assertThat(first.generation()).isEqualTo(1);
		assertThat(registry.snapshot().generation()).isEqualTo(1);

		SkillsChange none = registry.reload();
		assertThat(none.isEmpty()).isTrue();
		assertThat(registry.snapshot().generation()).isEqualTo(1);

		skill(skills, "beta");
		SkillsChange second = registry.reload();
		assertThat(second.added()).containsExactly("beta");
		assertThat(registry.snapshot().generation()).isEqualTo(2);
	}

	@Test
	void discoverAgainReplacesLocations() {
		Path first = this.root.resolve("first");
		Path second = this.root.resolve("second");
		skill(first, "alpha");
		skill(second, "beta");
		SkillsRegistry registry = registryOf(first.toString());

		SkillsChange change = registry.discover(List.of(second.toString()));

		assertThat(change.added()).containsExactly("beta");
		assertThat(change.removed()).containsExactly("alpha");
		assertThat(registry.names()).containsExactly("beta");
	}

	@Test
	void lowerCaseSkillFileLoadsWithWarning() {
		Path skills = this.root.resolve("skills");
		Path file = write(skills.resolve("lower/skill.md"), skillMd("lower", "Lower case file.", "body"));

		SkillsRegistry registry = registryOf(skills.toString());

		assertThat(registry.names()).containsExactly("lower");
		assertThat(registry.diagnostics()).containsExactly(
				SkillDiagnostic.warning(file.toString(), "lower", "Found skill.md; the file should be named SKILL.md"));
	}

}
