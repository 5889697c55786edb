package dev.skills.core.registry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillMeta;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.util.FileSystemUtils;

import static dev.skills.test.SkillFixtures.skill;
import static dev.skills.test.SkillFixtures.skillMd;
import static dev.skills.test.SkillFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code refresh(paths)} re-reads only the skill folders the paths touch, and ends where
 * a full scan of the same files would.
 */
class SkillsRegistryRefreshTests {

	@TempDir
	Path root;

	private Path skills;

	private SkillsRegistry registry;

	private final List<SkillsChange> changes = new CopyOnWriteArrayList<>();

	@BeforeEach
	void setUp() {
		this.skills = this.root.resolve("skills");
		skill(this.skills, "alpha");
		skill(this.skills, "beta");
		skill(this.skills.resolve("group"), "gamma");
		this.registry = SkillsRegistry.create(SkillConfig.builder().skillsDir(this.skills.toString()).build());
		this.registry.addListener(this.changes::add);
	}

	private Map<String, SkillMeta> metas() {
		return this.registry.snapshot()
			.skills()
			.stream()
			.collect(Collectors.toMap(SkillMeta::name, Function.identity()));
	}

	// What a fresh registry over the same folders says.
	private void assertSameAsAFreshScan() {
		SkillsRegistry fresh = SkillsRegistry.create(this.registry.config());
		assertThat(this.registry.names()).isEqualTo(fresh.names());
		for (String name : fresh.names()) {
			assertThat(this.registry.get(name)).as(name).isEqualTo(fresh.get(name));
		}
		assertThat(this.registry.diagnostics()).containsExactlyInAnyOrderElementsOf(fresh.diagnostics());
	}

	@Test
	void refreshRereadsOnlyTheNamedSkill() {
		Map<String, SkillMeta> before = metas();
		long generation = this.registry.snapshot().generation();
		Path skillFile = write(this.skills.resolve("beta/SKILL.md"), skillMd("beta", "Beta, edited.", "body"));

		SkillsChange change = this.registry.refresh(List.of(skillFile));

		assertThat(change.changed()).containsExactly("beta");
		assertThat(change.added()).isEmpty();
		assertThat(change.removed()).isEmpty();
		assertThat(change.generation()).isEqualTo(generation + 1);
		await().untilAsserted(() -> assertThat(this.changes).containsExactly(change));
		Map<String, SkillMeta> after = metas();
		assertThat(after.get("beta").description()).isEqualTo("Beta, edited.");
		assertThat(after.get("alpha")).isSameAs(before.get("alpha"));
		assertThat(after.get("gamma")).isSameAs(before.get("gamma"));
		assertSameAsAFreshScan();
	}

	@Test
	void unnamedChangesAreNotRead() {
		write(this.skills.resolve("alpha/SKILL.md"), skillMd("alpha", "Alpha, edited but not refreshed.", "body"));
		Path beta = write(this.skills.resolve("beta/SKILL.md"), skillMd("beta", "Beta, edited.", "body"));

		SkillsChange change = this.registry.refresh(List.of(beta));

		assertThat(change.changed()).containsExactly("beta");
		assertThat(this.registry.get("alpha")).get().extracting(SkillMeta::description).isEqualTo("Does alpha things.");
	}

	@Test
	void namedBundledFileChecksItsSkill() {
		write(this.skills.resolve("group/gamma/SKILL.md"), skillMd("gamma", "Gamma, edited.", "body"));

		SkillsChange change = this.registry.refresh(List.of(this.skills.resolve("group/gamma/scripts/run.py")));

		assertThat(change.changed()).containsExactly("gamma");
	}

	@Test
	void nestedSkillFileIsNotLoaded() throws Exception {
		Path nested = write(this.skills.resolve("group/gamma/references/inner/SKILL.md"),
				skillMd("inner", "Not a skill of its own.", "body"));
		Files.move(this.skills.resolve("alpha/SKILL.md"), this.skills.resolve("alpha/skill.md"));
		Path nestedInAlpha = write(this.skills.resolve("alpha/examples/inner-two/SKILL.md"),
				skillMd("inner-two", "Not a skill of its own either.", "body"));

		SkillsChange change = this.registry
			.refresh(List.of(nested, this.skills.resolve("alpha/skill.md"), nestedInAlpha));

		assertThat(change.added()).isEmpty();
		assertThat(this.registry.names()).containsExactly("alpha", "beta", "gamma");
		assertSameAsAFreshScan();
	}

	@Test
	void bodyEditChangesTheSkill() {
		SkillMeta beta = this.registry.get("beta").orElseThrow();
		Path skillFile = write(this.skills.resolve("beta/SKILL.md"),
				skillMd("beta", beta.description(), "Other instructions, same frontmatter."));

		SkillsChange change = this.registry.refresh(List.of(skillFile));

		assertThat(change.changed()).containsExactly("beta");
		await().untilAsserted(() -> assertThat(this.changes).containsExactly(change));
		assertThat(this.registry.get("beta").orElseThrow()).isEqualTo(beta);
		assertThat(this.registry.snapshot().load("beta").instructions())
			.isEqualTo("Other instructions, same frontmatter.");
	}

	@Test
	void newBundledFileIsListed() {
		SkillMeta alpha = this.registry.get("alpha").orElseThrow();
		long generation = this.registry.snapshot().generation();
		Path notes = write(this.skills.resolve("alpha/notes.txt"), "notes\n");

		SkillsChange change = this.registry.refresh(List.of(notes));

		// The writer lists a skill's files when it reads the entry: a new file is a
		// change of the skill (its activation lists it), not of its frontmatter.
		assertThat(change.changed()).containsExactly("alpha");
		assertThat(this.registry.snapshot().generation()).isEqualTo(generation + 1);
		assertThat(this.registry.get("alpha").orElseThrow()).isSameAs(alpha);
		assertThat(this.registry.snapshot().files("alpha")).contains("notes.txt");
		await().untilAsserted(() -> assertThat(this.changes).hasSize(1));
	}

	@Test
	void outsidePathIsIgnored() {
		Path elsewhere = skill(this.root.resolve("elsewhere"), "stranger");

		SkillsChange change = this.registry.refresh(List.of(elsewhere, elsewhere.resolve("SKILL.md")));

		assertThat(change.isEmpty()).isTrue();
		assertThat(this.registry.names()).containsExactly("alpha", "beta", "gamma");
	}

	@Test
	void newSkillIsAddedAlone() {
		Map<String, SkillMeta> before = metas();
		Path delta = skill(this.skills.resolve("group"), "delta");

		SkillsChange change = this.registry.refresh(List.of(delta));

		assertThat(change.added()).containsExactly("delta");
		assertThat(change.changed()).isEmpty();
		assertThat(metas()).containsAllEntriesOf(before);
		before.forEach((name, meta) -> assertThat(metas().get(name)).isSameAs(meta));
		assertSameAsAFreshScan();
	}

	@Test
	void deletedSkillIsRemovedAlone() {
		Map<String, SkillMeta> before = metas();
		Path beta = this.skills.resolve("beta");
		FileSystemUtils.deleteRecursively(beta.toFile());

		SkillsChange change = this.registry.refresh(List.of(beta));

		assertThat(change.removed()).containsExactly("beta");
		assertThat(change.added()).isEmpty();
		assertThat(change.changed()).isEmpty();
		assertThat(metas().get("alpha")).isSameAs(before.get("alpha"));
		assertThat(metas().get("gamma")).isSameAs(before.get("gamma"));
	}

	@Test
	void deletedCategoryRemovesItsSkills() {
		skill(this.skills.resolve("group"), "delta");
		this.registry.reload();
		Path group = this.skills.resolve("group");
		FileSystemUtils.deleteRecursively(group.toFile());

		SkillsChange change = this.registry.refresh(List.of(group));

		assertThat(change.removed()).containsExactlyInAnyOrder("gamma", "delta");
		assertThat(this.registry.names()).containsExactly("alpha", "beta");
	}

	@Test
	void tooDeepSkillIsNotRefreshedIn() {
		Path deep = skill(this.skills.resolve("1/2/3/4/5/6"), "too-deep");
		Path fine = skill(this.skills.resolve("1/2/3/4/5"), "deep-enough");

		this.registry.refresh(List.of(deep.resolve("SKILL.md"), fine.resolve("SKILL.md"), this.skills.resolve("1")));

		assertThat(this.registry.names()).containsExactly("alpha", "beta", "deep-enough", "gamma");
	}

	@Test
	void skippedFolderSkillIsNotRefreshedIn() {
		Path inNodeModules = skill(this.skills.resolve("node_modules/pkg"), "from-node-modules");
		Path inGit = skill(this.skills.resolve(".git/hooks"), "from-git");

		this.registry.refresh(List.of(this.skills.resolve("node_modules"), inNodeModules.resolve("SKILL.md"),
				this.skills.resolve(".git"), inGit));

		assertThat(this.registry.names()).containsExactly("alpha", "beta", "gamma");
		assertSameAsAFreshScan();
	}

	@Test
	void twoLocationsAppearingClearWarnings() {
		Path first = this.root.resolve("first");
		Path second = this.root.resolve("second");
		SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(first.toString(), second.toString()).build());
		assertThat(registry.diagnostics()).hasSize(2);
		skill(first, "one");
		skill(second, "two");

		registry.refresh(List.of(first, second));

		assertThat(registry.names()).containsExactly("one", "two");
		assertThat(registry.diagnostics()).isEmpty();
	}

	@Test
	void folderBecomingASkillHidesNested() {
		Path skillFile = write(this.skills.resolve("group/SKILL.md"), skillMd("group", "Now a skill itself.", "body"));

		this.registry.refresh(List.of(skillFile));

		assertSameAsAFreshScan();
		assertThat(this.registry.names()).containsExactly("alpha", "beta", "group");
	}

	@Test
	void removedOuterSkillFileShowsNested() throws Exception {
		Path skillFile = write(this.skills.resolve("group/SKILL.md"), skillMd("group", "A skill for a while.", "body"));
		this.registry.reload();
		assertThat(this.registry.names()).containsExactly("alpha", "beta", "group");

		Files.delete(skillFile);
		this.registry.refresh(List.of(skillFile));

		assertSameAsAFreshScan();
		assertThat(this.registry.names()).containsExactly("alpha", "beta", "gamma");
	}

	@Test
	void addedFileChangesSkillAndFileList() {
		long generation = this.registry.snapshot().generation();
		assertThat(this.registry.snapshot().load("alpha").files()).isEmpty();
		Path reference = write(this.skills.resolve("alpha/references/GUIDE.md"), "# Guide");

		SkillsChange change = this.registry.refresh(List.of(reference));

		assertThat(change.changed()).containsExactly("alpha");
		assertThat(change.generation()).isEqualTo(generation + 1);
		assertThat(this.registry.snapshot().generation()).isEqualTo(generation + 1);
		assertThat(this.registry.snapshot().load("alpha").files()).containsExactly("references/GUIDE.md");
	}

	@Test
	void hiddenFileChangeChangesNothing() {
		long generation = this.registry.snapshot().generation();
		Path swap = write(this.skills.resolve("alpha/.SKILL.md.swp"), "editor state");

		SkillsChange change = this.registry.refresh(List.of(swap));

		assertThat(change.isEmpty()).isTrue();
		assertThat(this.registry.snapshot().generation()).isEqualTo(generation);
		assertThat(this.changes).isEmpty();
	}

	@Test
	void newFileListChangesTheSkill() {
		assertThat(this.registry.snapshot().files("beta")).isEmpty();
		write(this.skills.resolve("beta/assets/logo.svg"), "<svg/>");

		SkillsChange change = this.registry.reload();

		assertThat(change.changed()).containsExactly("beta");
		assertThat(this.registry.snapshot().files("beta")).containsExactly("assets/logo.svg");
	}

	@Test
	void bundledFileEditChangesNothing() {
		Path notes = write(this.skills.resolve("alpha/notes.txt"), "notes\n");
		this.registry.refresh(List.of(notes));
		assertThat(this.registry.snapshot().files("alpha")).containsExactly("notes.txt");
		long generation = this.registry.snapshot().generation();
		write(notes, "other notes\n");

		SkillsChange change = this.registry.refresh(List.of(notes));

		assertThat(change.isEmpty()).isTrue();
		assertThat(this.registry.snapshot().generation()).isEqualTo(generation);
	}

	@Test
	void nameClashAfterEditFirstPathWins() {
		Path beta = write(this.skills.resolve("beta/SKILL.md"), skillMd("alpha", "Beta's folder, now alpha.", "body"));

		SkillsChange clash = this.registry.refresh(List.of(beta));

		assertThat(clash.removed()).containsExactly("beta");
		assertThat(this.registry.names()).containsExactly("alpha", "gamma");
		assertThat(this.registry.get("alpha").orElseThrow().baseDirectory())
			.isEqualTo(this.skills.resolve("alpha").toString());
		assertThat(this.registry.diagnostics()).anySatisfy((d) -> assertThat(d.message()).contains("shadowed"));
		assertSameAsAFreshScan();

		Path alpha = write(this.skills.resolve("alpha/SKILL.md"), skillMd("omega", "Alpha's folder, now omega.", "b"));

		SkillsChange resolved = this.registry.refresh(List.of(alpha));

		assertThat(resolved.added()).containsExactly("omega");
		assertThat(resolved.changed()).containsExactly("alpha");
		assertThat(this.registry.get("alpha").orElseThrow().description()).isEqualTo("Beta's folder, now alpha.");
		assertThat(this.registry.diagnostics()).noneSatisfy((d) -> assertThat(d.message()).contains("shadowed"));
		assertSameAsAFreshScan();
	}

}
