// Written by scripts/i18n-keys.mjs from en-later.ts: do not edit.
/** The keys of `en-later.ts`, each followed by its `{placeholders}`, separated by spaces. */
export const LATER_KEYS =
  'panels.earlier panels.more recommend.heading job.cancel job.state.queued job.state.running job.state.succeeded ' +
  'job.state.failed job.state.cancelled job.percent{percent} job.state.retrying job.retrying{seconds} ' +
  'job.elapsed{time} job.remaining{time} recommend.none status.rendering{stage} ' +
  'status.ready{duration}{integrated}{truePeak} status.meets{preset} status.misses{preset} status.error ' +
  'lock.refused{what}{reason} lock.refusedPlain{what} review.refused lock.what.clip{name} lock.what.section{name} ' +
  'lock.what.part lock.what.bed lock.what.duration lock.what.delivery master.preset.streaming ' +
  'master.preset.podcast master.preset.aes-ads master.preset.ebu-r128 master.preset.atsc-a85 master.preset.custom ' +
  'status.speechCut{seconds}{end} status.overlap.one{count} status.overlap.other{count} export.stage.decode ' +
  'export.stage.mix export.stage.master export.stage.done export.stage.encode script.heading ' +
  'script.sectionLabel{n} script.commentWords script.sectionText{label} script.sectionVoice{label} script.adVoice ' +
  'script.estimate{seconds} script.total{seconds}{target} script.over{over}{target} script.add ' +
  'script.remove{label} script.moveUp{label} script.moveDown{label} script.stale script.heardNow script.notVoiced ' +
  'script.heardLabel{label} script.fit{target} script.respace{gap} script.respaced{gap} script.respaceNone{gap} ' +
  'script.generate script.generateSome.one{count} script.generateSome.other{count} script.empty ' +
  'script.newSection{n} voice.search voice.language voice.gender voice.any voice.female voice.male voice.neutral ' +
  'voice.list voice.audition{name} voice.stopAudition{name} voice.use{name} voice.speed voice.speedValue{speed} ' +
  'voice.none voice.count.one{count} voice.count.other{count} music.list music.search music.style ' +
  'music.tempo{bpm} music.preview{title} music.stopPreview{title} music.use{title} music.none music.gain ' +
  'music.gainValue{db} music.fadeIn music.fadeOut music.secondsValue{seconds} upload.label upload.drop ' +
  'upload.choose upload.hint{size} upload.badType{name} upload.tooLarge{name}{size}{max} upload.empty{name} ' +
  'upload.many music.loadFailed{message} music.retry music.chosen{title} music.noBed music.current{title} ' +
  'music.remove music.removed music.previewFailed{message} upload.checking{name} upload.used{name} ' +
  'upload.notAudio{name} upload.truncated{name} upload.badFormat{name} upload.damaged{name} ' +
  'upload.tooShort{name}{duration}{min} upload.tooLong{name}{duration}{max} upload.notKept{name}{message} ' +
  'mix.label mix.voice mix.music mix.depth mix.attack mix.release mix.db{db} mix.depthValue{db} mix.ms{ms} ' +
  'export.format export.wav16 export.wav24 export.mp3 export.sampleRate export.rate{khz} export.fileName ' +
  'export.fileNameInvalid export.run{file} export.rendering script.fitting{target} script.fitFailed{message} ' +
  'script.voiceFailed{label}{message} script.noVoice script.fitted{target} script.fitAlready{target} ' +
  'script.fitReport{target}{changes} script.fitShortened{label}{seconds} script.fitLengthened{label}{seconds} ' +
  'script.voiced.one{count} script.voiced.other{count} slots.inSection{label} slots.noSample ' +
  'slots.unclosed{character}{open}{close}{example}{escape} slots.emptyName{character}{example} ' +
  'slots.longName{character}{max}{count} slots.badName{character}{name}{example} ' +
  'slots.caseClash{character}{slot}{other} slots.fixFirst{label} direction.toolbar{label} direction.pauseLength ' +
  'direction.seconds{seconds} direction.insertPause direction.emphasisLevel direction.emphasise ' +
  'direction.level.moderate direction.level.strong direction.sayAsHow direction.sayAs direction.as.digits ' +
  'direction.as.characters direction.as.telephone direction.as.currency direction.as.date direction.as.ordinal ' +
  'direction.as.sub direction.sayInstead direction.rateHow direction.percent{percent} direction.rate ' +
  'direction.select direction.nested direction.inSection{label} direction.mark.pause{seconds} ' +
  'direction.mark.emphasis{level}{text} direction.mark.sayAs{as}{text} direction.mark.sub{alias}{text} ' +
  'direction.mark.rate{percent}{text} direction.rateBeyond{read}{speed}{limit}{min}{max} direction.dropped ' +
  'direction.droppedDismiss direction.remove{mark} direction.fixFirst{label} direction.fault.unclosed{character} ' +
  'direction.fault.nested{character} direction.fault.unknown{character} direction.fault.pause{character} ' +
  'direction.fault.level{character} direction.fault.say-as{character} direction.fault.sub{character} ' +
  'direction.fault.rate{character} direction.fault.empty{character} slots.heading slots.intro ' +
  'slots.usedIn{sections} slots.sample slots.maxLength slots.say slots.sampleEmpty{words} ' +
  'slots.sampleTooLong{count}{slot}{max} slots.maxLengthInvalid{max} voice.mode voice.single voice.perSection ' +
  'voice.loadFailed{message} voice.retry voice.chosen{name} timeline.label timeline.voiceClip timeline.voiceTrack ' +
  'timeline.musicTrack timeline.clipRole timeline.clip{label}{start}{length} ' +
  'timeline.clipOver{label}{start}{length}{over} timeline.clipOverlap{seconds} timeline.zoomIn timeline.zoomOut ' +
  'timeline.zoomLevel{zoom} timeline.target{time} timeline.over{seconds} timeline.moved{label}{start} ' +
  'timeline.deleted{label} timeline.clipCount.one{count} timeline.clipCount.other{count} timeline.key.split ' +
  'timeline.key.mute timeline.key.fit timeline.key.comment timeline.comment{range}{text} timeline.comments ' +
  'timeline.key.markers timeline.split{label}{time} timeline.splitOutside{label} timeline.joined{label} ' +
  'timeline.joinNone{label} timeline.atMarker{label}{time} timeline.key.words timeline.atWord{word}{time} ' +
  'timeline.atWordEstimated{word}{time} timeline.wordEstimated timeline.zoomFit timeline.mute{track} ' +
  'timeline.solo{track} timeline.muted{track} timeline.unmuted{track} timeline.soloed{track} ' +
  'timeline.unsoloed{track} timeline.gain{gain} timeline.dbScale inspector.label inspector.voice inspector.text ' +
  'inspector.asset inspector.version inspector.edit inspector.gain timeline.key.nudge timeline.key.ends ' +
  'timeline.key.delete timeline.key.play timeline.key.escape timeline.key.undo master.heading master.switch ' +
  'master.on master.bypassed master.presets master.numbers{integrated}{tolerance}{truePeak} ' +
  'master.numbersShortTerm{integrated}{tolerance}{truePeak}{shortTerm} master.sourceLabel master.source.streaming ' +
  'master.source.podcast master.source.aes-ads master.source.ebu-r128 master.source.atsc-a85 master.source.custom ' +
  'master.target master.truePeakCeiling master.targetInvalid{min}{max} master.truePeakInvalid{min}{max} ' +
  'master.meter graph.label graph.summary{target}{overs} graph.shortTerm graph.momentary ' +
  'graph.target{target}{tolerance} graph.noOvers graph.overs.one{count} graph.overs.other{count} ' +
  'master.integrated master.momentaryMax master.shortTermMax master.range master.samplePeak master.truePeak ' +
  'master.lufs{value} master.lu{value} master.dbfs{value} master.dbtp{value} master.updating master.checks ' +
  'master.pass master.fail master.rule.integrated master.rule.truePeak master.rule.shortTermMax ' +
  'master.rule.speechFits master.rule.noOverlap master.speechEnds{time} master.requireSpeechBy{time} ' +
  'master.noOverlapFound master.overlapFound{seconds} master.requireNoOverlap master.requireRange{min}{max}{unit} ' +
  'master.requireMax{max}{unit} master.summaryPass{preset} master.summaryFail{failed}{total}{preset} master.did ' +
  'master.input master.gain master.limiter master.db{value} master.apply master.applyHint{preset} ' +
  'master.applied{preset} master.stillFails master.empty master.error{message} master.noPreview master.measuring ' +
  'export.heading export.speechCut{seconds}{end} export.extendToFit{seconds} export.fitScript export.nothing ' +
  'export.done{file}{size} export.kb{value} export.mb{value} export.result export.file export.size ' +
  'export.loudness export.truePeak export.compliance export.meets{preset} export.misses{preset}{rules} ' +
  'export.unmastered export.cancelled export.failed{message} export.noPreview deliver.heading ' +
  'deliver.destinations deliver.wav{depth} deliver.mp3{kbps} deliver.rate{khz} deliver.mono deliver.stereo ' +
  'deliver.loudness{lufs}{tolerance} deliver.truePeak{dbtp} deliver.exact deliver.maxLength{seconds} ' +
  'deliver.maxSize{size} deliver.tail{seconds} deliver.sourceLabel deliver.unpublished{figures} ' +
  'deliver.figure.codec deliver.figure.sampleRate deliver.figure.channels deliver.figure.loudness ' +
  'deliver.figure.tolerance deliver.figure.truePeak deliver.figure.length deliver.figure.maxBytes ' +
  'deliver.figure.minTailSilence deliver.campaign deliver.advertiser deliver.product deliver.adId ' +
  'deliver.adIdHint deliver.isci deliver.isciHint deliver.version deliver.adIdLength{count} deliver.adIdVideo ' +
  'deliver.adIdPrefix deliver.adIdCharacters deliver.isciFormat deliver.tooLong{max}{count} deliver.stems ' +
  'deliver.run deliver.chooseOne deliver.fixFields deliver.nothing deliver.noPreview deliver.progress ' +
  'deliver.stage.queued deliver.stage.render deliver.stage.master deliver.stage.encode deliver.stage.measure ' +
  'deliver.stage.pack deliver.stage.done deliver.fileStage{file}{stage} deliver.stem.voice deliver.stem.music ' +
  'deliver.cancelled deliver.failed{message} deliver.results deliver.summary{passed}{total}{zip}{size} ' +
  'deliver.pass deliver.fail deliver.rule.loudness deliver.rule.truePeak deliver.rule.length ' +
  'deliver.rule.maxBytes deliver.rule.tailSilence deliver.rule.speech deliver.rule.words-per-second ' +
  'deliver.ruleLine{rule}{measured}{required} deliver.seconds{seconds} deliver.fix{fix} deliver.includeAnyway ' +
  'deliver.excluded deliver.included deliver.downloadZip{file}{size} deliver.download{file} deliver.again ' +
  'deliver.receipt deliver.wentOut deliver.noValue deliver.destination deliver.length deliver.loudnessHeading ' +
  'deliver.format deliver.verdict deliver.loudnessValue{lufs}{dbtp} deliver.formatValue{format}{size} ' +
  'deliver.failsRules{rules} deliver.versionCode{version}{code} meter.idle meter.momentary meter.shortTerm ' +
  'meter.truePeak meter.description{target}{ceiling} meter.summary{momentary}{shortTerm}{truePeak} ' +
  'meter.resetHold meter.label meter.over meter.lastMix meter.integrated ' +
  'meter.lastMixSummary{integrated}{truePeak} pronounce.heading pronounce.intro pronounce.brandHeading ' +
  'pronounce.brandNote pronounce.ownHeading pronounce.none pronounce.entry{text}{say} pronounce.matchCase ' +
  'pronounce.caseNote pronounce.text pronounce.say pronounce.add pronounce.save pronounce.cancel ' +
  'pronounce.edit{text} pronounce.delete{text} pronounce.listen{text}{voice} pronounce.stop{text} ' +
  'pronounce.noVoice pronounce.textEmpty pronounce.sayEmpty pronounce.tooLong{max}{count} pronounce.duplicate{n} ' +
  'pronounce.brandDuplicate pronounce.full{max} pronounce.added{text}{say} pronounce.saved{text}{say} ' +
  'pronounce.deleted{text} pronounce.listenFailed{message} pronounce.marked{entries} pronounce.mark{text}{say} ' +
  'lock.toggle lock.toggleNamed{name} lock.reason{name} lock.reasonHint lock.locked lock.lockedReason{reason} ' +
  'lock.name.clip{name} lock.name.bed lock.name.duration lock.name.delivery deliver.versions ' +
  'deliver.versionsHint{files} deliver.versionAdId{name} deliver.versionIsci{name} ' +
  'deliver.adIdDuplicate{first}{second}{adId} deliver.creative.version{name} deliver.creative.row{name} ' +
  'deliver.creative.rowOf{name}{version} deliver.versionFile{version}{file} deliver.chooseVersion ' +
  'deliver.fileCount{count} deliver.vastMakes deliver.vastMediaFile{format} deliver.vastMezzanine{format} ' +
  'deliver.vastWrites deliver.vastFields deliver.vastBase deliver.vastBaseHint deliver.vastImpressions ' +
  'deliver.vastImpressionsHint{max} deliver.vastBaseMissing deliver.vastUrl.spaces deliver.vastUrl.notAbsolute ' +
  'deliver.vastUrl.scheme{scheme} deliver.vastUrl.credentials deliver.vastUrl.character{character} ' +
  'deliver.vastUrl.percent deliver.vastUrl.hashes deliver.vastUrl.brackets deliver.vastUrl.baseQuery ' +
  'deliver.vastImpressionsMany{max}{count} deliver.vastImpressionsMissing ' +
  'deliver.vastImpressionLine{line}{problem} deliver.fixVast deliver.vastValid deliver.vastInvalid ' +
  'deliver.vastNotWritten deliver.vastHead{file} versions.label versions.approved versions.approvalStale ' +
  'versions.meets versions.speechCut{seconds} versions.fails{destination}{fix} versions.range{min}{max} ' +
  'versions.locked versions.lockedBecause{reason} versions.noScript versions.noVoice ' +
  'versions.keptTooLong{label}{seconds}{target}{room} versions.fitting{seconds} versions.voicing{label}{n}{count} ' +
  'versions.made{seconds}{voiced}{reused} versions.cancelled versions.cannotFit{seconds}{answer} ' +
  'versions.fitFailed{message} versions.takeFailed{label}{message}{done} versions.duplicated ' +
  'versions.removed{name} versions.lengthLegend versions.custom versions.seconds versions.make{seconds} ' +
  'versions.makeAny versions.close versions.new versions.altLabel{name} versions.duplicate versions.rename ' +
  'versions.labelField versions.labelHint versions.saveLabel versions.renamed{name} versions.remove{name} ' +
  'versions.editScript length.fastWarning{speed}{max} length.shorten length.keep length.kept{speed} ' +
  'length.shortening length.shortened{target} length.paceWarning{wps}{max} ' +
  'length.paceLimit{wps}{destination}{max} made.summary{title}{sections}{voice}{bed}{length}{target} ' +
  'made.summaryNoBed{title}{sections}{voice}{length}{target} feed.heading feed.intro{max} feed.import feed.file ' +
  'feed.drop feed.paste feed.pasteHint feed.importPasted feed.pasteEmpty feed.pastedName feed.refused{name} ' +
  'feed.moreProblems.one{count} feed.moreProblems.other{count} feed.tooBig{name}{size}{max} feed.readFailed{name} ' +
  'feed.notKept{message} feed.replace{current}{name}{next} feed.replaceYes feed.replaceNo ' +
  'feed.imported{rows}{name} feed.current{rows}{columns} feed.rows.one{count} feed.rows.other{count} ' +
  'feed.columns.one{count} feed.columns.other{count} feed.remove feed.removed feed.none feed.mapping feed.key ' +
  'feed.keyHint feed.noKey feed.noColumn feed.slotFrom{slot} feed.unmapped{slot} feed.adIdFrom{version} ' +
  'feed.adIdHint feed.noSlots{example} feed.template feed.checking{done}{total} feed.summary{rows}{parts} ' +
  'feed.ready.one{count} feed.ready.other{count} feed.withWarnings.one{count} feed.withWarnings.other{count} ' +
  'feed.withProblems.one{count} feed.withProblems.other{count} feed.problemsOnly feed.noProblemRows feed.grid ' +
  'feed.gridHint feed.col.row feed.col.status feed.col.key feed.col.length feed.col.pace feed.col.problems ' +
  'feed.chooseRow{row}{key} feed.status.ok feed.status.warning feed.status.problem feed.pending ' +
  'feed.seconds{seconds} feed.needs{seconds}{speed} feed.notEstimated feed.noKeyValue feed.kind.template ' +
  'feed.kind.missing feed.kind.say-as feed.kind.too-long feed.kind.length feed.kind.pace feed.kind.empty-key ' +
  'feed.kind.key-unportable feed.kind.duplicate-key feed.kind.key-control feed.says.emptyKey{column} ' +
  'feed.says.keyControl{key} feed.says.keyUnportable{key} feed.says.keyTwice{key}{rows} ' +
  'feed.says.keySameFile{key}{rows} feed.says.noColumn{slot} feed.says.emptyValue{column}{slot} ' +
  'feed.says.sayAs.currency{column}{value}{slot} feed.says.sayAs.telephone{column}{value}{slot} ' +
  'feed.says.sayAs.date{column}{value}{slot} feed.says.sayAs.digits{column}{value}{slot} ' +
  'feed.says.sayAs.ordinal{column}{value}{slot} feed.says.sayAs.characters{column}{value}{slot} ' +
  'feed.says.tooLongValue{column}{count}{value}{slot}{max} rule.fastRead rule.fit{speed}{max} feed.kind.ad-id ' +
  'feed.inColumn{column} feed.pager feed.pageRows feed.pageOf{total} feed.previous feed.next feed.player ' +
  'feed.play feed.chosen{row}{key} feed.chooseFirst feed.needsKey feed.voicing.one{count}{key} ' +
  'feed.voicing.other{count}{key} feed.heard{key}{voiced}{reused} feed.voiced.one{count} feed.voiced.other{count} ' +
  'feed.reused.one{count} feed.reused.other{count} feed.rowAudio{key} feed.playFailed{key}{message} ' +
  'feed.playCancelled{key} feed.noRunner feed.deliver feed.destinations feed.noDestinations ' +
  'feed.unknownDestination{id} feed.includeWarnings feed.toDeliver.one{count}{destinations} ' +
  'feed.toDeliver.other{count}{destinations} feed.left.one{count} feed.left.other{count} feed.nothingToDeliver ' +
  'feed.waitCheck feed.price.one{count} feed.price.other{count} feed.priceAgain.one{count}{most} ' +
  'feed.priceAgain.other{count}{most} feed.priceIfAgain.one{count} feed.priceIfAgain.other{count} feed.priceNone ' +
  'feed.priceUnknown feed.pricing feed.priceFailed{message} feed.run feed.progress feed.progressRows{done}{total} ' +
  'feed.rowStage{key}{stage} feed.stage.voice feed.stage.failed feed.cancelled feed.failed{message} feed.results ' +
  'feed.outcome{delivered}{failed}{zip}{size} feed.delivered.one{count} feed.delivered.other{count} ' +
  'feed.failedRows.one{count} feed.failedRows.other{count} feed.takes{voiced}{reused} feed.rowDelivered ' +
  'feed.rowFailed feed.files.one{count} feed.files.other{count} feed.showMore{count} review.heading review.noUser ' +
  'review.comments review.commentAtPlayhead review.commentAt{range} review.send review.cancel review.reply ' +
  'review.resolve review.reopen review.resolvedMark review.playFrom{range} review.threadComments{range} ' +
  'review.noComments review.openThreads review.resolvedThreads review.showResolved{count} ' +
  'review.hideResolved{count} review.orphaned review.orphanedNote review.decisionHeading review.decide ' +
  'review.label.approved review.label.approvedWithChanges review.label.changesRequired review.note ' +
  'review.noteRequired review.noteMissing review.submitDecision review.decisions review.noDecisions review.fresh ' +
  'review.stale review.export deliver.unapproved{versions} deliver.unapprovedVersion{version}{roles} ' +
  'review.verified review.unverified{reason} review.signing review.reason.unsigned review.reason.malformed ' +
  'review.reason.unknownKey{value} review.reason.badSignature review.reason.otherProject{value} ' +
  'review.reason.otherVersion{value} review.reason.altered{value} review.reason.chainBroken ' +
  'review.reason.chainElsewhere deliver.unverifiedDecision{label}{reviewer}{unverified} timeline.key.range ' +
  'timeline.range{range} timeline.rangeComment{range} timeline.rangeClear timeline.rangeSelected{range} ' +
  'timeline.rangeCleared error.config error.load error.destroyed error.notReady error.deliverDestination ' +
  'error.deliverVersion error.deliverNone error.deliverVast error.deliverDecode error.zip error.reviewRequired ' +
  'error.reviewSign error.reviewOnly error.reviewUser error.locked error.exportFormat error.speechCut ' +
  'error.audioInput error.musicLibrary error.playback feed.noneDelivered fix.loudness{lufs} fix.silent{lufs} ' +
  'fix.truePeakMp3{dbtp} fix.truePeak{dbtp} fix.exact{seconds}{samples}{rate} fix.shorten{seconds} ' +
  'fix.sizeMp3{size} fix.sizeWav{size} fix.tail{seconds} fix.speech{seconds} fix.shortenScript ' +
  'fix.shortenSection{section} fix.shortenSlotWord{column}{words}{section} ' +
  'fix.shortenSlot{column}{words}{section} fix.adId error.feed.one{place} error.feed.other{count}{place} ' +
  'error.place.cell{row}{column} error.place.row{row} error.place.column{column} error.place.file error.slot ' +
  'error.feedNone error.feedKey error.feedTemplate error.deliverFile{file} error.projectInvalid.one{path} ' +
  'error.projectInvalid.other{count}{path} feed.says.speechPast{end}{duration}{speed}{max} ' +
  'feed.says.notInTake{slot}{value}{section} feed.says.voiceFailed{message} deliver.vastFileMissing{file} ' +
  'deliver.vastNoMedia';
